import { browserSupportsWebAuthn, startAuthentication, startRegistration } from '@simplewebauthn/browser';
import { useState } from 'react';
import { defineIsland } from '../island';

export type PasskeyProps = {
  /** 'register': add a passkey (navigator.credentials.create); 'sign-in': sign with one (…get). */
  mode: 'register' | 'sign-in';
  /** The server's WebAuthn options as JSON (their challenge is good once, for a few minutes). */
  options: string;
  /** The id of the server-rendered form that posts the answer, in its hidden `credential` field. */
  form: string;
  label: string;
  /** Said when the browser has no WebAuthn, and when the person cancelled or the authenticator failed. */
  unsupported: string;
  failed: string;
};

/**
 * The console's passkey button (issue 32): asks the browser for a new passkey, or for a passkey's
 * signature, with the options the server rendered, puts the answer in the form's hidden field and
 * submits the form; the server checks it. The rest of the page is plain forms.
 */
export default function Passkey({ mode, options, form, label, unsupported, failed }: PasskeyProps) {
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const run = async () => {
    const target = document.getElementById(form);
    if (!(target instanceof HTMLFormElement) || !target.reportValidity()) return;
    if (!browserSupportsWebAuthn()) return setMessage(unsupported);
    setBusy(true);
    setMessage('');
    try {
      const optionsJSON = JSON.parse(options);
      const answer = mode === 'register' ? await startRegistration({ optionsJSON }) : await startAuthentication({ optionsJSON });
      const field = target.elements.namedItem('credential');
      if (field instanceof HTMLInputElement) field.value = JSON.stringify(answer);
      target.submit();
    } catch {
      setMessage(failed);
      setBusy(false);
    }
  };
  return (
    <>
      <button className="button button--primary" type="button" onClick={run} disabled={busy} aria-describedby={`${form}-passkey-note`}>
        {label}
      </button>
      <p id={`${form}-passkey-note`} className="field__error console__passkeys-note" role="status">
        {message}
      </p>
    </>
  );
}

export const PasskeyIsland = defineIsland('passkey', Passkey, 'load');
