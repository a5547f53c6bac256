import { useEffect, useRef } from 'react';
import { checkCode, checkConfirmation, checkEmail, checkNationalNumber, checkPassword } from '../../worker/rules/account';
import { checkPin } from '../../worker/rules/pin';
import { defineIsland } from '../island';
import { useI18n } from '../i18n';

/**
 * account-form: instant validation (spec §5) for an account form rendered by the server.
 *
 * The form itself stays plain server-rendered HTML that POSTs to the edge (so it works without
 * JavaScript and the server handling is the single path). Put `<AccountFormIsland …/>` anywhere
 * INSIDE the `<form>` (or pass `form` = the form's id). It renders nothing visible and hydrates on
 * the visitor's first pointer, focus, touch or input in the form (React is not fetched for a form
 * that is only looked at; a form sent before that is checked by the server alone), then:
 * - validates a field when it loses focus, and on every input once it has been touched (fields
 *   the server marked `aria-invalid="true"` count as touched, so their message clears when fixed);
 * - on submit validates every ruled field that is rendered (fields inside `hidden`/`display:none`
 *   containers or `disabled` are skipped), shows the messages, focuses the first invalid field and
 *   cancels the submission; when all are valid the native POST goes ahead;
 * - sets `form.noValidate`, so the page-language messages replace the browser's bubbles.
 *
 * Markup contract: each ruled field is `[name=<field>]` in the form, with a message element
 * `[data-message-for=<field>]` (Field and PhoneField of client/components/Form.tsx render both).
 * The message element gets the translated message and class `field__error` (or back its hint and
 * `field__hint`); the input gets `aria-invalid` and `aria-describedby` pointing at the message.
 *
 * Submit buttons: `data-validate="email phone_national"` only validates the listed fields (e.g. a
 * "send me a code" button that needs just the target: give it `formNoValidate` too, so the browser
 * does not demand the other fields when JavaScript is off); `formNoValidate` alone skips validation.
 *
 * Props (JSON):
 * - `rules`: field name → rule:
 *   'email' (VALID_EMAIL_REQUIRED), 'password' (PASSWORD_CONDITION[_STRONG]),
 *   'confirmation' (PASSWORD_CONFIRMATION_FAILED: equals the field ruled 'password', or `confirms`),
 *   'national' (phone typed without leading zero: PHONE_WITHOUT_LEADING_ZERO / VALID_PHONE_REQUIRED),
 *   'code' (6 digits: INVALID_CODE), 'pin' (a profile PIN, 4 digits: PIN_FORMAT), 'terms' (checked checkbox: TERMS_REQUIRED),
 *   'required' (non-empty: ALL_FIELDS_REQUIRED).
 * - `strong`: option STRONG_PASSWORD (a special character too).
 * - `confirms`: the field a 'confirmation' must equal (default: the first field ruled 'password').
 * - `form`: id of the form, when the island is not inside it.
 * - `hints`: field name → translation key of its hint, restored when a server-rendered error clears.
 *
 * Example: `<AccountFormIsland rules={{ email: 'email', password: 'password', password_confirmation:
 * 'confirmation', phone_national: 'national', code: 'code', terms: 'terms' }} strong={false} />`
 */
export type AccountRule = 'email' | 'password' | 'confirmation' | 'national' | 'code' | 'pin' | 'terms' | 'required';

export type AccountFormProps = {
  rules: Record<string, AccountRule>;
  strong?: boolean;
  confirms?: string;
  form?: string;
  hints?: Record<string, string>;
};

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

const isControl = (el: unknown): el is Control =>
  el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement;

/** The translation key of the first failed rule, or null. Pure: unit-tested without a DOM. */
export function checkRule(rule: AccountRule, value: string, options: { checked?: boolean; strong?: boolean; other?: string } = {}): string | null {
  switch (rule) {
    case 'email':
      return checkEmail(value);
    case 'password':
      return checkPassword(value, options.strong ?? false);
    case 'confirmation':
      return value === '' ? 'PASSWORD_CONFIRMATION_FAILED' : checkConfirmation(options.other ?? '', value);
    case 'national':
      return checkNationalNumber(value);
    case 'code':
      return checkCode(value);
    case 'pin':
      return checkPin(value);
    case 'terms':
      return options.checked ? null : 'TERMS_REQUIRED';
    case 'required':
      return value.trim() === '' ? 'ALL_FIELDS_REQUIRED' : null;
  }
}

export default function AccountForm({ rules, strong = false, confirms, form: formId, hints = {} }: AccountFormProps) {
  const { t } = useI18n();
  const anchor = useRef<HTMLSpanElement>(null);

  useEffect(() => {
    const form = formId ? document.getElementById(formId) : (anchor.current?.closest('form') ?? null);
    if (!(form instanceof HTMLFormElement)) return;
    form.noValidate = true;
    const names = Object.keys(rules);
    const confirmed = confirms ?? names.find((n) => rules[n] === 'password');

    const control = (name: string): Control | null => {
      const el = form.querySelector(`[name="${CSS.escape(name)}"]`);
      return isControl(el) ? el : null;
    };
    const message = (name: string): HTMLElement | null => form.querySelector<HTMLElement>(`[data-message-for="${CSS.escape(name)}"]`);
    /** Hidden containers, disabled fields and unrendered ones are not validated. */
    const active = (el: Control): boolean => !el.disabled && el.type !== 'hidden' && el.getClientRects().length > 0;

    // Fields the server already marked invalid behave as touched.
    const touched = new Set(names.filter((n) => control(n)?.getAttribute('aria-invalid') === 'true'));

    const errorOf = (name: string): string | null => {
      const el = control(name);
      const rule = rules[name];
      if (!el || !rule || !active(el)) return null;
      const other = confirmed ? (control(confirmed)?.value ?? '') : '';
      const checked = el instanceof HTMLInputElement ? el.checked : false;
      return checkRule(rule, el.value, { checked, strong, other });
    };

    /** Each message element's server-rendered hint (its nodes, so markup like <bdi> survives), and what it shows now. */
    const savedHints = new Map<string, Node[]>();
    const shown = new Map<string, string>();

    const show = (name: string, error: string | null): void => {
      const el = control(name);
      const box = message(name);
      if (!el) return;
      if (box && shown.get(name) !== (error ?? '')) {
        if (!savedHints.has(name)) {
          // A server error replaced the hint: take it from `hints`, if given.
          const key = hints[name];
          const serverError = box.classList.contains('field__error');
          savedHints.set(name, serverError ? (key ? [document.createTextNode(t(key))] : []) : Array.from(box.childNodes, (n) => n.cloneNode(true)));
        }
        if (error) box.textContent = t(error);
        else box.replaceChildren(...(savedHints.get(name) ?? []).map((n) => n.cloneNode(true)));
        box.className = error ? 'field__error' : 'field__hint';
        shown.set(name, error ?? '');
        if (!box.id) box.id = `${el.id || name}-message`;
        const described = (el.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
        if (!described.includes(box.id)) el.setAttribute('aria-describedby', [...described, box.id].join(' '));
      }
      if (error) el.setAttribute('aria-invalid', 'true');
      else el.removeAttribute('aria-invalid');
    };

    const validate = (name: string): string | null => {
      const error = errorOf(name);
      show(name, error);
      return error;
    };

    const nameOf = (target: EventTarget | null): string | null => (isControl(target) && target.name in rules ? target.name : null);

    const onBlur = (event: FocusEvent) => {
      const name = nameOf(event.target);
      if (!name) return;
      // Leaving an empty field untouched before typing is not an error yet.
      const el = control(name);
      const blank = el instanceof HTMLInputElement && el.type === 'checkbox' ? !el.checked : el?.value === '';
      if (!touched.has(name) && blank) return;
      touched.add(name);
      validate(name);
    };

    const onInput = (event: Event) => {
      const name = nameOf(event.target);
      if (!name) return;
      if (event.target instanceof HTMLInputElement && event.target.type === 'checkbox') touched.add(name);
      if (touched.has(name)) validate(name);
      // A new password re-checks a confirmation already typed.
      if (name === confirmed) for (const n of names) if (rules[n] === 'confirmation' && touched.has(n)) validate(n);
    };

    const onSubmit = (event: SubmitEvent) => {
      const submitter = event.submitter;
      const only = submitter instanceof HTMLElement ? submitter.dataset.validate : undefined;
      const noValidate = (submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement) && submitter.formNoValidate;
      if (only === undefined && noValidate) return;
      const list = only === undefined ? names : only.split(/\s+/).filter((n) => n in rules);
      const invalid: Control[] = [];
      for (const name of list) {
        touched.add(name);
        const el = control(name);
        if (validate(name) && el) invalid.push(el);
      }
      if (invalid.length === 0) return;
      event.preventDefault();
      // Focus the earliest invalid field in document order: its label and message are read out.
      invalid.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
      invalid[0]?.focus();
    };

    form.addEventListener('focusout', onBlur);
    form.addEventListener('input', onInput);
    form.addEventListener('change', onInput);
    form.addEventListener('submit', onSubmit);
    return () => {
      form.removeEventListener('focusout', onBlur);
      form.removeEventListener('input', onInput);
      form.removeEventListener('change', onInput);
      form.removeEventListener('submit', onSubmit);
    };
  }, [rules, strong, confirms, formId, hints, t]);

  return <span ref={anchor} hidden />;
}

export const AccountFormIsland = defineIsland('account-form', AccountForm, 'form');
