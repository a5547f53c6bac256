/**
 * Web push in the browser (issue 6). Owned by the push work; signatures are the contract the bell
 * and the account page's notifications switch rely on. Call only from a user gesture.
 */
export type PushOutcome = 'subscribed' | 'denied' | 'unsupported' | 'failed';

/** Asks permission (inside a user gesture), subscribes through the service worker, POST tokenRegister. */
export async function enablePush(_lang: string): Promise<PushOutcome> {
  return 'unsupported';
}

/** Unsubscribes this browser and POST tokenUnregister. */
export async function disablePush(): Promise<void> {}

/** Whether this browser currently holds a push subscription (false when unsupported). */
export async function pushEnabled(): Promise<boolean> {
  return false;
}
