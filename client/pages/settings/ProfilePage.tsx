import type { Device, User } from '../../../worker/api/auth/schemas';
import { placeName } from '../../components/format';
import type { Content } from '../../../worker/api/pages/schemas';
import type { WatchedTitle } from '../../../worker/rules/watched';
import { WatchedTile } from '../content/WatchedTile';
import { formatDate, useI18n, type Lang } from '../../i18n';
import { SettingsDeleteAccountIsland } from '../../islands/settings-delete-account';
import { SettingsEraseHistoryIsland } from '../../islands/settings-erase-history';
import { SettingsHideWatchedIsland } from '../../islands/settings-hide-watched';
import { SettingsNotificationsIsland } from '../../islands/settings-notifications';
import { ProfileManager, type ProfilesData } from '../profiles/ProfileCards';
import { SubscriptionTab, type SubscriptionTabProps } from '../subscription/SubscriptionTab';
import { describeAgent, formatDateTime } from './format';
import { SettingsSection, VerifiedValue } from './forms';
import { FormNote, type FormState } from '../../components/FormState';

export type ProfileTab = 'account' | 'profiles' | 'subscriptions';

export type ProfilePageProps = {
  user: User;
  tab: ProfileTab;
  /** Device history, newest first; null when it could not be loaded. */
  devices: Device[] | null;
  /** Config available_langs. */
  langs: { id: string; name: string }[];
  premium: boolean;
  /** The visitor's time zone for the device history times. */
  timeZone: string;
  /** The ?type=profiles tab: the account's profiles (the list of /profiles). */
  profiles?: ProfilesData;
  /** The viewing profile's watched titles, most recent first; null when they could not be loaded. */
  history?: WatchedTitle<Content>[] | null;
  /** Answer of the last language, notification or history submission when it failed. */
  lang?: FormState;
  notifications?: FormState;
  historyForm?: FormState;
  devicesForm?: FormState;
  /** The ?t=subscriptions tab: the state machine's view, the plans, whether Subscribe shows, the last cancel/resume answer. */
  subscription?: Omit<SubscriptionTabProps, 'user' | 'premium'>;
};

/** The tabs of the account page (spec §2 /profile, ?type=profiles, ?t=subscriptions). */
function Tabs({ tab }: { tab: ProfileTab }) {
  const { t } = useI18n();
  const tabs: { id: ProfileTab; href: string; label: string }[] = [
    { id: 'account', href: '/profile', label: t('ACCOUNT') },
    { id: 'profiles', href: '/profile?type=profiles', label: t('PROFILES') },
    { id: 'subscriptions', href: '/profile?t=subscriptions', label: t('SUBSCRIPTION') },
  ];
  return (
    <nav className="settings__tabs" aria-label={t('ACCOUNT_SECTIONS')}>
      <ul>
        {tabs.map((item) => (
          <li key={item.id}>
            <a href={item.href} aria-current={item.id === tab ? 'page' : undefined}>
              {item.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function AccountFacts({ user, premium }: { user: User; premium: boolean }) {
  const { t } = useI18n();
  return (
    <SettingsSection id="account" title={t('ACCOUNT')}>
      <dl className="settings__facts">
        <div>
          <dt>{t('EMAIL')}</dt>
          <dd>
            <VerifiedValue value={user.email} verified={user.isEmailVerified} />
          </dd>
        </div>
        <div>
          <dt>{t('PHONE')}</dt>
          <dd>
            <VerifiedValue value={user.phone} verified={user.isPhoneVerified} />
          </dd>
        </div>
        <div>
          <dt>{t('MEMBER_SINCE')}</dt>
          <dd>
            <time dateTime={user.created_at.slice(0, 10)}>{formatDate(user.created_at)}</time>
          </dd>
        </div>
        <div>
          <dt>{t('SUBSCRIPTION')}</dt>
          <dd>
            {premium && user.subscription_end ? (
              <>
                <span className="badge badge--premium">{t('PREMIUM')}</span>{' '}
                {t('PREMIUM_UNTIL', { date: formatDate(user.subscription_end) })}
              </>
            ) : (
              <span className="badge">{t('FREE_PLAN')}</span>
            )}
          </dd>
        </div>
      </dl>
      <p>
        <a className="button button--ghost" href="/settings/editLogin">
          {t('EDIT_LOGIN_LINK')}
        </a>
      </p>
    </SettingsSection>
  );
}

function LanguageForm({ langs, state }: { langs: ProfilePageProps['langs']; state?: FormState }) {
  const { t, lang } = useI18n();
  const error = state?.errors?.lang;
  return (
    <SettingsSection id="language" title={t('LANGUAGE')}>
      <form className="settings__inline-form" method="post" action="/profile#language">
        <FormNote message={state?.message} />
        <input type="hidden" name="intent" value="lang" />
        <div className="field">
          <label className="field__label" htmlFor="field-lang">
            {t('LANGUAGE_OF_SITE')}
          </label>
          <select
            className="field__input"
            id="field-lang"
            name="lang"
            defaultValue={lang}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'field-lang-message' : undefined}
          >
            {langs.map((l) => (
              <option key={l.id} value={l.id} lang={l.id}>
                {l.name}
              </option>
            ))}
          </select>
          {error && (
            <p className="field__error" id="field-lang-message" role="alert">
              {t(error)}
            </p>
          )}
        </div>
        <button className="button button--primary" type="submit">
          {t('SAVE')}
        </button>
      </form>
    </SettingsSection>
  );
}

function Devices({ devices, lang, timeZone }: { devices: Device[] | null; lang: Lang; timeZone: string }) {
  const { t } = useI18n();
  if (!devices) return <p className="settings__muted">{t('DEVICES_UNAVAILABLE')}</p>;
  if (devices.length === 0) return <p className="settings__muted">{t('NO_DEVICES')}</p>;
  return (
    <ul className="devices">
      {devices.slice(0, 20).map((d) => {
        const { browser, os } = describeAgent(d.user_agent);
        const { date, time } = formatDateTime(d.created_at, timeZone);
        const agent = browser && os ? t('BROWSER_ON_SYSTEM', { browser, os }) : browser || os || '';
        // A TV linked with a code shows the name it gave itself.
        const what = d.device_name || agent || t('UNKNOWN_DEVICE');
        const place = placeName(lang, d.city, d.country);
        return (
          <li key={d.id} className={d.current ? 'devices__item devices__item--current' : 'devices__item'}>
            <span className="devices__what">
              {what}
              {d.current && <span className="badge badge--ok">{t('THIS_DEVICE')}</span>}
              {!d.active && !d.current && <span className="badge">{t('SESSION_ENDED')}</span>}
            </span>
            <span className="devices__when">
              <time dateTime={d.created_at}>{t('DATE_AT_TIME', { date, time })}</time>
              <span aria-hidden="true"> · </span>
              <span>{place || t('UNKNOWN_PLACE')}</span>
            </span>
            {d.active && !d.current && (
              <form method="post" action="/profile" className="devices__signout">
                <input type="hidden" name="intent" value="signout-device" />
                <input type="hidden" name="device" value={d.id} />
                <button className="button button--secondary" type="submit" aria-label={t('SIGN_OUT_DEVICE_NAMED', { device: what })}>
                  {t('SIGN_OUT_DEVICE')}
                </button>
              </form>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * Recently viewed (spec §2 implied screen, §3 watched / hide_watched, §7 DELETE /actions/watched):
 * the viewing profile's titles with their progress, each linking to its page; the switch that
 * hides them from the home page's Continue watching; and Erase history.
 */
function RecentlyViewed({ user, history, state }: { user: User; history: WatchedTitle<Content>[] | null | undefined; state?: FormState }) {
  const { t } = useI18n();
  return (
    <SettingsSection id="history" title={t('RECENTLY_VIEWED')}>
      <p className="settings__text" id="history-text">
        {t('RECENTLY_VIEWED_TEXT')}
      </p>
      <FormNote message={state?.message} />
      <SettingsHideWatchedIsland hidden={user.hide_watched} />
      {history === null ? (
        <p className="settings__muted">{t('HISTORY_UNAVAILABLE')}</p>
      ) : !history || history.length === 0 ? (
        <p className="settings__muted">{t('NO_HISTORY')}</p>
      ) : (
        <>
          <ul className="history__grid">
            {history.map((title) => (
              <li key={title.content.id}>
                <WatchedTile title={title} href={`/content/${title.content.slug}`} />
              </li>
            ))}
          </ul>
          <SettingsEraseHistoryIsland profileId={user.profile.id} />
        </>
      )}
    </SettingsSection>
  );
}

/** The account page (spec §2 /profile): account facts, language, notifications, history, devices, data, deletion. */
export function ProfilePage(props: ProfilePageProps) {
  const { t, lang } = useI18n();
  const { user, tab } = props;
  return (
    <div className="page settings">
      <header className="page__header">
        <h1>{t('TITLE_SETTINGS_PROFILE')}</h1>
      </header>
      <Tabs tab={tab} />
      {tab === 'profiles' && props.profiles ? (
        <SettingsSection id="profiles" title={t('PROFILES')}>
          <p className="settings__text">{t('PROFILES_TEXT')}</p>
          <ProfileManager data={props.profiles} heading="h3" />
        </SettingsSection>
      ) : tab === 'subscriptions' && props.subscription ? (
        <SubscriptionTab user={user} premium={props.premium} {...props.subscription} />
      ) : (
        <>
          <AccountFacts user={user} premium={props.premium} />
          <LanguageForm langs={props.langs} state={props.lang} />
          <SettingsSection id="notifications" title={t('NOTIFICATIONS')}>
            <p className="settings__text" id="notifications-text">
              {t('NOTIFICATIONS_TEXT')}
            </p>
            <FormNote message={props.notifications?.message} />
            <SettingsNotificationsIsland active={user.notification_active} />
          </SettingsSection>
          <RecentlyViewed user={user} history={props.history} state={props.historyForm} />
          <SettingsSection id="libraries" title={t('MY_LIBRARIES')}>
            <p className="settings__text">{t('MY_LIBRARIES_TEXT')}</p>
            <p>
              <a className="button button--secondary" href="/libraries/me">
                {t('MY_LIBRARIES')}
              </a>{' '}
              <a className="button button--ghost" href="/libraries">
                {t('LIBRARY_FIND')}
              </a>
            </p>
          </SettingsSection>
          <SettingsSection id="devices" title={t('DEVICE_HISTORY')}>
            <p className="settings__text">{t('DEVICE_HISTORY_TEXT')}</p>
            <FormNote message={props.devicesForm?.message} />
            <Devices devices={props.devices} lang={lang} timeZone={props.timeZone} />
            <p>
              <a className="button button--secondary" href="/tv/link">
                {t('TITLE_TV')}
              </a>
            </p>
          </SettingsSection>
          <SettingsSection id="data" title={t('YOUR_DATA')}>
            <p className="settings__text">{t('YOUR_DATA_TEXT')}</p>
            <p>
              <a className="button button--ghost" href="/api/actions/" download="tafrij-data.csv">
                {t('DOWNLOAD_MY_DATA')}
              </a>
            </p>
          </SettingsSection>
          <SettingsSection id="delete" title={t('DELETE_ACCOUNT')} tone="danger">
            <p className="settings__text">{t('DELETE_ACCOUNT_TEXT')}</p>
            <SettingsDeleteAccountIsland />
          </SettingsSection>
        </>
      )}
    </div>
  );
}
