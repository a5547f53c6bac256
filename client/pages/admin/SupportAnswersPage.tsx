import type { SavedAnswer } from '../../../worker/api/contact/support/schemas';
import { LANG_NAMES, LANGS, type Lang } from '../../../worker/rules/lang';
import { SAVED_ANSWER_TITLE_MAX, SUPPORT_TEXT_MAX } from '../../../worker/rules/support';
import { Field } from '../../components/Form';
import { FormNote, type FormState } from '../../components/FormState';
import { useI18n } from '../../i18n';
import { SelectField, TextareaField } from './ConsoleFields';

/** A saved answer's language, title and text (a new one, or one being edited). */
function AnswerFields({ id, answer, values }: { id: string; answer?: SavedAnswer; values?: Record<string, string> }) {
  const { t } = useI18n();
  return (
    <>
      <SelectField id={`${id}-lang`} name="lang" label={t('ADMIN_SUPPORT_LANGUAGE')} value={values?.lang ?? answer?.lang ?? 'en'} options={LANGS.map((l) => [l, LANG_NAMES[l]] as const)} />
      <Field id={`${id}-title`} name="title" label={t('ADMIN_SUPPORT_ANSWER_TITLE')} required maxLength={SAVED_ANSWER_TITLE_MAX} defaultValue={values?.title ?? answer?.title} dir="auto" />
      <TextareaField id={`${id}-body`} name="body" label={t('ADMIN_SUPPORT_ANSWER_BODY')} hint={t('ADMIN_SUPPORT_ANSWER_PLACEHOLDERS')} rows={5} required maxLength={SUPPORT_TEXT_MAX} defaultValue={values?.body ?? answer?.body} />
    </>
  );
}

/**
 * The saved answers (issue 32), per language: staff pick one on a ticket of that language to prefill
 * their reply. Listed by language; each one edited in place, deleted after a confirmation.
 */
export function SupportAnswersPage({ answers, lang, canEdit, form }: { answers: SavedAnswer[]; lang: Lang | ''; canEdit: boolean; form?: FormState }) {
  const { t } = useI18n();
  const values = form?.values;
  const editing = values?.intent === 'edit' ? values.id : undefined;
  return (
    <section aria-labelledby="answers-title">
      <p>
        <a href="/admin/support">{t('ADMIN_SUPPORT_BACK')}</a>
      </p>
      <h1 id="answers-title">{t('ADMIN_SUPPORT_SAVED_ANSWERS')}</h1>
      <FormNote message={form?.message} />
      <nav aria-label={t('ADMIN_SUPPORT_LANGUAGE')} className="console__support-tabs">
        <ul>
          <li>
            <a href="/admin/support/answers" aria-current={lang === '' ? 'page' : undefined}>
              {t('ADMIN_SUPPORT_ALL_LANGUAGES')}
            </a>
          </li>
          {LANGS.map((l) => (
            <li key={l}>
              <a href={`/admin/support/answers?lang=${l}`} lang={l} aria-current={lang === l ? 'page' : undefined}>
                {LANG_NAMES[l]}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {answers.length === 0 ? (
        <p className="console__empty">{t('ADMIN_SUPPORT_NO_ANSWERS')}</p>
      ) : (
        <ul className="console__support-answers">
          {answers.map((a) => (
            <li key={a.id} className="console__panel">
              <h2 lang={a.lang}>
                {a.title} <small>· {LANG_NAMES[a.lang]}</small>
              </h2>
              <p className="console__support-body" lang={a.lang} dir="auto">
                {a.body}
              </p>
              {canEdit && (
                <div className="console__inline">
                  <details open={editing === String(a.id)}>
                    <summary className="button button--ghost">{t('ADMIN_SUPPORT_EDIT')}</summary>
                    <form method="post" action={`/admin/support/answers${lang ? `?lang=${lang}` : ''}`} className="console__form" aria-label={`${t('ADMIN_SUPPORT_EDIT')}: ${a.title}`}>
                      <input type="hidden" name="intent" value="edit" />
                      <input type="hidden" name="id" value={a.id} />
                      <AnswerFields id={`answer-${a.id}`} answer={a} values={editing === String(a.id) ? values : undefined} />
                      <button className="button button--primary" type="submit">
                        {t('ADMIN_SUPPORT_SAVE')}
                      </button>
                    </form>
                  </details>
                  <details>
                    <summary className="button button--ghost">{t('ADMIN_SUPPORT_DELETE')}</summary>
                    <form method="post" action={`/admin/support/answers${lang ? `?lang=${lang}` : ''}`} className="console__form" aria-label={`${t('ADMIN_SUPPORT_DELETE')}: ${a.title}`}>
                      <input type="hidden" name="intent" value="delete" />
                      <input type="hidden" name="id" value={a.id} />
                      <p>{t('ADMIN_SUPPORT_DELETE_CONFIRM')}</p>
                      <button className="button button--secondary" type="submit">
                        {t('ADMIN_SUPPORT_DELETE')}
                      </button>
                    </form>
                  </details>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {canEdit && (
        <form method="post" action={`/admin/support/answers${lang ? `?lang=${lang}` : ''}`} className="console__panel console__form" aria-labelledby="new-answer-title">
          <h2 id="new-answer-title">{t('ADMIN_SUPPORT_NEW_ANSWER')}</h2>
          <input type="hidden" name="intent" value="create" />
          <AnswerFields id="new-answer" values={values?.intent === 'create' ? values : { lang: lang || 'en' }} />
          <button className="button button--primary" type="submit">
            {t('ADMIN_SUPPORT_SAVE')}
          </button>
        </form>
      )}
    </section>
  );
}
