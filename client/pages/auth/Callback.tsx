import { useI18n } from '../../i18n';
import { AuthCard } from './AuthLayout';

/** /callback (spec §2 "sign-in callback"): social sign-in is not offered yet, so a polite way back. */
export function CallbackPage() {
  const { t } = useI18n();
  return (
    <AuthCard title={t('CALLBACK_UNAVAILABLE')} intro={t('CALLBACK_TEXT')}>
      <a className="button button--primary button--block button--large" href="/login">
        {t('LOGIN')}
      </a>
    </AuthCard>
  );
}
