import type { ReactNode } from 'react';
import type { Profile } from '../../../worker/api/auth/schemas';
import type { Rating } from '../../../worker/api/pages/schemas';
import { Field, FieldMessage } from '../../components/Form';
import { useI18n } from '../../i18n';
import { AccountFormIsland } from '../../islands/account-form';
import { DEFAULT_PROFILE_NAME } from '../../../worker/rules/profiles';
import { AVATARS, avatarUrl, isAvatar } from '../../../worker/rules/avatars';
import { KIDS_MAX_AGE, NO_AGE_RESTRICTION } from '../../../worker/rules/age';
import { CAPTION_BACKGROUND_LABELS, CAPTION_BACKGROUNDS, CAPTION_SIZE_LABELS, CAPTION_SIZES, DEFAULT_CAPTION_STYLE } from '../../../worker/rules/captions';
import { DATA_USAGES, DEFAULT_DATA_USAGE } from '../../../worker/rules/data-usage';
import { dataUsageLabel } from '../../../worker/rules/data-usage-label';
import { SettingsSection } from '../settings/forms';
import { FormNote, firstError, type FormState } from '../../components/FormState';
import { ageOptions } from './age';
import { AccountPasswordField, ProfilesHeader } from './layout';

/** Spec §3 Profile name: required, at most this many characters. */
export const PROFILE_NAME_MAX = 40;
/** The optional personal details of spec §3, in the order of the form, with their input limits. */
export const DETAIL_FIELDS = ['username', 'first_name', 'last_name', 'gender', 'birth', 'address', 'zipCode', 'country'] as const;
export type DetailField = (typeof DETAIL_FIELDS)[number];
export const DETAIL_MAX: Record<DetailField, number> = {
  username: 60,
  first_name: 60,
  last_name: 60,
  gender: 20,
  birth: 10,
  address: 200,
  zipCode: 20,
  country: 60,
};
export const GENDERS = ['female', 'male', 'other'] as const;

/** The fields of the form, in page order (the first one in error takes the focus). */
export const PROFILE_FIELDS = ['name', 'picture', 'is_kid', 'age_restriction', 'autoplay', 'data_usage', 'caption_size', 'caption_background', ...DETAIL_FIELDS, 'current_password'];

/** The form's values (strings, checkboxes '1' or '') of a stored profile, or of a new one. */
export function profileValues(profile?: Profile): Record<string, string> {
  if (!profile) return { name: '', picture: AVATARS[0], is_kid: '', age_restriction: NO_AGE_RESTRICTION, autoplay: '1' };
  return {
    name: profile.name,
    picture: isAvatar(profile.picture) ? profile.picture : AVATARS[0],
    is_kid: profile.is_kid ? '1' : '',
    age_restriction: profile.age_restriction,
    autoplay: profile.autoplay ? '1' : '',
    caption_size: profile.caption_size,
    caption_background: profile.caption_background,
    data_usage: profile.data_usage,
    username: profile.username ?? '',
    first_name: profile.first_name ?? '',
    last_name: profile.last_name ?? '',
    gender: profile.gender ?? '',
    birth: profile.birth ?? '',
    address: profile.address ?? '',
    zipCode: profile.zipCode ?? '',
    country: profile.country ?? '',
  };
}

export type ProfileFormPageProps = {
  /** The profile edited; absent on /profiles/new. */
  profile?: Profile;
  /** The account's first profile: it cannot be deleted. */
  main?: boolean;
  ratings: Rating[];
  state?: FormState;
};

/** A checkbox drawn as a switch (plain HTML: posts `value` when on, nothing when off). */
function Toggle({ name, label, hint, checked, error, autoFocus, disabled }: {
  name: string;
  label: string;
  hint?: ReactNode;
  checked: boolean;
  error?: string;
  autoFocus?: boolean;
  disabled?: boolean;
}) {
  const id = `field-${name}`;
  return (
    <div className="field field--toggle" data-field={name}>
      <input
        className="toggle"
        type="checkbox"
        role="switch"
        id={id}
        name={name}
        value="1"
        defaultChecked={checked}
        autoFocus={autoFocus}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? `${id}-message` : undefined}
      />
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <FieldMessage id={`${id}-message`} name={name} error={error} hint={hint} />
    </div>
  );
}

/** Spec §3 picture: a radio group of the bundled avatars (arrow keys move between them). */
function AvatarPicker({ value, error }: { value: string; error?: string }) {
  const { t } = useI18n();
  return (
    <fieldset className="avatar-picker" aria-describedby={error ? 'field-picture-message' : undefined}>
      <legend className="field__label">{t('PROFILE_PICTURE')}</legend>
      <div className="avatar-picker__grid">
        {AVATARS.map((avatar, i) => (
          <label key={avatar} className="avatar-picker__option">
            <input className="avatar-picker__input" type="radio" name="picture" value={avatar} defaultChecked={avatar === value} />
            <img src={avatarUrl(avatar)} alt={t('PICTURE_N', { n: i + 1 })} width={64} height={64} />
          </label>
        ))}
      </div>
      {error && (
        <p id="field-picture-message" className="field__error" data-message-for="picture" aria-live="polite">
          {t(error)}
        </p>
      )}
    </fieldset>
  );
}

function SelectField({ name, id = `field-${name}`, label, value, error, hint, autoFocus, children }: {
  name: string;
  id?: string;
  label: string;
  value: string;
  error?: string;
  hint?: string;
  autoFocus?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="field" data-field={name}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select
        className="field__input"
        id={id}
        name={name}
        defaultValue={value}
        autoFocus={autoFocus}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? `${id}-message` : undefined}
      >
        {children}
      </select>
      <FieldMessage id={`${id}-message`} name={name} error={error} hint={hint} />
    </div>
  );
}

/** The age restriction select (spec §5): every title, or up to a maturity rating. */
export function AgeSelect({ id, value, ratings, kid, error, hint, autoFocus }: { id?: string; value: string; ratings: Rating[]; kid?: boolean; error?: string; hint?: string; autoFocus?: boolean }) {
  const { t } = useI18n();
  const options = ageOptions(t, ratings, kid);
  return (
    <SelectField name="age_restriction" id={id} label={t('AGE_RESTRICTION_LIMIT')} value={value} error={error} hint={hint} autoFocus={autoFocus}>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </SelectField>
  );
}

/** The profile's caption style (worker/rules/captions.ts), also chosen in the player's subtitles menu. */
function CaptionFields({ values, errors, focus }: { values: Record<string, string>; errors: FormState['errors']; focus?: string }) {
  const { t } = useI18n();
  return (
    <fieldset className="captions-fields">
      <legend className="field__label">{t('CAPTION_STYLE')}</legend>
      <p className="field__hint">{t('CAPTION_STYLE_HINT')}</p>
      <SelectField name="caption_size" label={t('CAPTION_SIZE')} value={values.caption_size ?? DEFAULT_CAPTION_STYLE.size} error={errors?.caption_size} autoFocus={focus === 'caption_size'}>
        {CAPTION_SIZES.map((size) => (
          <option key={size} value={size}>
            {t(CAPTION_SIZE_LABELS[size])}
          </option>
        ))}
      </SelectField>
      <SelectField
        name="caption_background"
        label={t('CAPTION_BACKGROUND')}
        value={values.caption_background ?? DEFAULT_CAPTION_STYLE.background}
        error={errors?.caption_background}
        autoFocus={focus === 'caption_background'}
      >
        {CAPTION_BACKGROUNDS.map((background) => (
          <option key={background} value={background}>
            {t(CAPTION_BACKGROUND_LABELS[background])}
          </option>
        ))}
      </SelectField>
    </fieldset>
  );
}

/** The profile's data usage (issue 34): each choice with its estimated gigabytes per hour. */
function DataUsageSelect({ value, error, autoFocus }: { value: string; error?: string; autoFocus?: boolean }) {
  const { t, lang } = useI18n();
  return (
    <SelectField name="data_usage" label={t('DATA_USAGE')} value={value} error={error} hint={t('DATA_USAGE_HINT')} autoFocus={autoFocus}>
      {DATA_USAGES.map((usage) => (
        <option key={usage} value={usage}>
          {dataUsageLabel(t, lang, usage)}
        </option>
      ))}
    </SelectField>
  );
}

function PersonalDetails({ values, errors, focus }: { values: Record<string, string>; errors: FormState['errors']; focus?: string }) {
  const { t } = useI18n();
  const open = DETAIL_FIELDS.some((name) => values[name] || errors?.[name]);
  const text = (name: Exclude<DetailField, 'gender' | 'birth'>, label: string, autoComplete: string) => (
    <Field
      name={name}
      label={label}
      defaultValue={values[name] ?? ''}
      maxLength={DETAIL_MAX[name]}
      autoComplete={autoComplete}
      error={errors?.[name]}
      autoFocus={focus === name}
    />
  );
  return (
    <details className="profile-form__details" open={open}>
      <summary>{t('PERSONAL_DETAILS')}</summary>
      <div className="profile-form__grid">
        {text('username', t('USERNAME'), 'nickname')}
        {text('first_name', t('FIRST_NAME'), 'given-name')}
        {text('last_name', t('LAST_NAME'), 'family-name')}
        <SelectField name="gender" label={t('GENDER')} value={values.gender ?? ''} error={errors?.gender} autoFocus={focus === 'gender'}>
          <option value="">{t('GENDER_UNSPECIFIED')}</option>
          {GENDERS.map((g) => (
            <option key={g} value={g}>
              {t(`GENDER_${g.toUpperCase()}`)}
            </option>
          ))}
        </SelectField>
        <Field name="birth" type="date" label={t('BIRTH_DATE')} defaultValue={values.birth ?? ''} autoComplete="bday" error={errors?.birth} autoFocus={focus === 'birth'} />
        {text('address', t('ADDRESS'), 'street-address')}
        {text('zipCode', t('ZIP_CODE'), 'postal-code')}
        {text('country', t('COUNTRY'), 'country-name')}
      </div>
    </details>
  );
}

/** /profiles/new and /profiles/{id}/edit: every field of spec §3 Profile, posted as a plain form. */
export function ProfileFormPage({ profile, main = false, ratings, state }: ProfileFormPageProps) {
  const { t } = useI18n();
  const values = { ...profileValues(profile), ...state?.values };
  const errors = state?.errors;
  const focus = firstError(state, PROFILE_FIELDS);
  const action = profile ? `/profiles/${profile.id}/edit` : '/profiles/new';
  const title = t(profile ? 'EDIT_PROFILE' : 'ADD_PROFILE');
  return (
    <div className="page settings profiles-page">
      <ProfilesHeader back="/profiles" backLabel="BACK_TO_PROFILES" title={title} />
      <SettingsSection id="profile" title={profile ? t('PROFILE') : t('NEW_PROFILE')}>
        <form className="settings__form profile-form" method="post" action={action}>
          <FormNote message={state?.message} />
          <AccountFormIsland rules={{ name: 'required' }} />
          <Field
            name="name"
            label={t('PROFILE_NAME')}
            defaultValue={values.name}
            maxLength={PROFILE_NAME_MAX}
            required
            autoComplete="off"
            dir="auto"
            hint={values.name === DEFAULT_PROFILE_NAME ? t('DEFAULT_NAME_HINT', { name: DEFAULT_PROFILE_NAME }) : undefined}
            error={errors?.name}
            autoFocus={focus === 'name' || (!profile && !focus && !state?.message)}
          />
          <AvatarPicker value={values.picture ?? AVATARS[0]} error={errors?.picture} />
          <Toggle
            name="is_kid"
            label={t('KIDS_PROFILE_TOGGLE')}
            hint={t(main ? 'MAIN_PROFILE_NOT_KIDS' : 'KIDS_PROFILE_HINT', { age: KIDS_MAX_AGE })}
            checked={values.is_kid === '1'}
            disabled={main}
            error={errors?.is_kid}
            autoFocus={focus === 'is_kid'}
          />
          <AgeSelect value={values.age_restriction ?? NO_AGE_RESTRICTION} ratings={ratings} error={errors?.age_restriction} hint={t('AGE_RESTRICTION_HINT')} autoFocus={focus === 'age_restriction'} />
          <Toggle name="autoplay" label={t('AUTOPLAY')} hint={t('AUTOPLAY_HINT')} checked={values.autoplay === '1'} />
          {profile && <CaptionFields values={values} errors={errors} focus={focus} />}
          {profile && <DataUsageSelect value={values.data_usage ?? DEFAULT_DATA_USAGE} error={errors?.data_usage} autoFocus={focus === 'data_usage'} />}
          <PersonalDetails values={values} errors={errors} focus={focus} />
          {profile && (
            <AccountPasswordField hint="PROFILE_PASSWORD_HINT" required={false} error={errors?.current_password} autoFocus={focus === 'current_password'} />
          )}
          <div className="settings__actions">
            <a className="button button--ghost" href="/profiles">
              {t('CANCEL')}
            </a>
            <button className="button button--primary" type="submit">
              {t(profile ? 'SAVE' : 'CREATE_PROFILE')}
            </button>
          </div>
        </form>
      </SettingsSection>
      {profile && !main && (
        <SettingsSection id="delete" title={t('DELETE_PROFILE')} tone="danger">
          <p className="settings__text">{t('DELETE_PROFILE_TEXT')}</p>
          <p>
            <a className="button button--danger" href={`/profiles/${profile.id}/delete`}>
              {t('DELETE_PROFILE')}
            </a>
          </p>
        </SettingsSection>
      )}
    </div>
  );
}
