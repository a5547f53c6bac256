import type { Profile, User } from '../../../worker/api/auth/schemas';
import { avatarUrl } from '../../../worker/rules/avatars';
import { USER_CODE_LENGTH, type DeviceLookup } from '../../../worker/rules/device-link';
import { Field } from '../../components/Form';
import { placeName } from '../../components/format';
import { useI18n } from '../../i18n';
import { profileName } from '../../../worker/rules/profiles';
import { describeAgent } from '../settings/format';
import { FormNote, type FormState } from '../../components/FormState';

/** `device`: the TV that asked for the code being linked (second step); none while the code is asked for. */
export type TvLinkProps = { user: User; profiles: Profile[]; form?: FormState; device?: DeviceLookup | null };

/** One profile to open on the TV: a radio with its picture and a lock when it has a PIN. */
function ProfileChoice({ profile, user, checked }: { profile: Profile; user: User; checked: boolean }) {
  const { t } = useI18n();
  return (
    <label className="tv-link__profile">
      <input type="radio" name="profile_id" value={profile.id} defaultChecked={checked} required />
      <img src={avatarUrl(profile.picture)} alt="" width={48} height={48} />
      <span className="tv-link__profile-name">{profileName(profile, user)}</span>
      {profile.pin_is_activated && <span className="badge">{t('PIN')}</span>}
    </label>
  );
}

/** The code field of both steps: typed as the TV shows it, any case, with or without the dash. */
function CodeField({ form, hidden }: { form?: FormState; hidden?: string }) {
  const { t } = useI18n();
  if (hidden) return <input type="hidden" name="code" value={hidden} />;
  return (
    <Field
      name="code"
      label={t('TV_LINK_CODE')}
      hint={t('TV_LINK_CODE_HINT')}
      error={form?.errors?.code}
      defaultValue={form?.values?.code ?? ''}
      className="field__input tv-link__code"
      autoComplete="one-time-code"
      autoCapitalize="characters"
      spellCheck={false}
      maxLength={USER_CODE_LENGTH + 4}
      dir="ltr"
      required
      autoFocus
    />
  );
}

/** The TV that asked for the code, as its request recorded it (RFC 8628 §5.4: the person checks it is theirs before approving). */
function AskingDevice({ device }: { device: DeviceLookup }) {
  const { t, lang } = useI18n();
  const { browser, os } = describeAgent(device.user_agent);
  const system = browser && os ? t('BROWSER_ON_SYSTEM', { browser, os }) : browser || os;
  return (
    <section className="tv-link__device" aria-labelledby="tv-link-device">
      <h2 id="tv-link-device">{t('TV_LINK_CHECK')}</h2>
      <dl className="tv-link__facts">
        <div>
          <dt>{t('TV_LINK_DEVICE')}</dt>
          <dd>{device.device_name || system || t('TV_LINK_A_TV')}</dd>
        </div>
        <div>
          <dt>{t('TV_LINK_PLACE')}</dt>
          <dd>{placeName(lang, device.city, device.country) || t('UNKNOWN_PLACE')}</dd>
        </div>
        <div>
          <dt>{t('TV_LINK_CODE')}</dt>
          <dd className="tv-link__shown-code" dir="ltr">
            {device.user_code}
          </dd>
        </div>
      </dl>
      <p className="tv-link__lead">{t('TV_LINK_CHECK_TEXT')}</p>
    </section>
  );
}

/**
 * TV linking (spec §2 page titles; RFC 8628 user interaction), in two steps. First the code the TV
 * shows (a GET form: /tv/link?code=, where the TV's QR code also leads); then the TV that asked for
 * it (its name and approximate place, §5.4), the profile it will open and the PIN when that profile
 * has one, with Link and "It's not my TV". Plain HTML: works without JavaScript.
 */
export function TvLinkPage({ user, profiles, form, device }: TvLinkProps) {
  const { t } = useI18n();
  const chosen = Number(form?.values?.profile_id ?? profiles[0]?.id);
  if (!device) {
    return (
      <div className="page tv-link">
        <h1>{t('TITLE_TV')}</h1>
        <p className="tv-link__lead">{t('TV_LINK_TEXT')}</p>
        <FormNote message={form?.message} />
        <form method="get" action="/tv/link" className="tv-link__form">
          <CodeField form={form} />
          <div className="tv-link__actions">
            <button className="button button--primary button--large" type="submit">
              {t('NEXT')}
            </button>
          </div>
        </form>
      </div>
    );
  }
  return (
    <div className="page tv-link">
      <h1>{t('TITLE_TV')}</h1>
      <FormNote message={form?.message} />
      <AskingDevice device={device} />
      <form method="post" action="/tv/link" className="tv-link__form">
        <CodeField hidden={device.user_code} />
        <fieldset className="tv-link__profiles">
          <legend>{t('TV_LINK_PROFILE')}</legend>
          {profiles.map((p) => (
            <ProfileChoice key={p.id} profile={p} user={user} checked={p.id === chosen} />
          ))}
        </fieldset>
        {profiles.some((p) => p.pin_is_activated) && (
          <Field
            name="pin"
            label={t('PIN')}
            hint={t('TV_LINK_PIN_HINT')}
            error={form?.errors?.pin}
            type="password"
            inputMode="numeric"
            autoComplete="off"
            maxLength={4}
            dir="ltr"
          />
        )}
        <div className="tv-link__actions">
          <button className="button button--primary button--large" type="submit" name="action" value="approve">
            {t('TV_LINK_SUBMIT')}
          </button>
          <button className="button button--secondary" type="submit" name="action" value="deny" formNoValidate>
            {t('TV_LINK_DENY')}
          </button>
        </div>
      </form>
      <p>
        <a href="/tv/link">{t('TV_LINK_OTHER_CODE')}</a>
      </p>
    </div>
  );
}

/** After the link: the TV opens by itself within a few seconds; the device history signs it out. */
export function TvLinkedPage({ deviceName, profile }: { deviceName: string; profile: string }) {
  const { t } = useI18n();
  return (
    <div className="page tv-link tv-link--done">
      <h1>{t('TV_LINK_DONE')}</h1>
      <p role="status">{t('TV_LINK_DONE_TEXT', { device: deviceName || t('TV_LINK_A_TV'), profile })}</p>
      <p>
        <a className="button button--secondary" href="/profile#devices">
          {t('DEVICE_HISTORY')}
        </a>{' '}
        <a className="button button--primary" href="/">
          {t('HOME')}
        </a>
      </p>
    </div>
  );
}
