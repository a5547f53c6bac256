/**
 * vitest's global setup (runs once, in Node, before the workerd tests): what the tests cannot do
 * inside workerd, handed to them with `provide` (read with `inject` from 'vitest').
 * - fakeSip2Port: a fake SIP2 server (scripts/dev/fake-sip2.ts) for the SIP2 adapter's tests
 *   (worker/api/libraries/patrons/sip2.test.ts); workerd's `connect()` reaches it on 127.0.0.1.
 * - nodePinHash: the PIN "4321" hashed in Node as the patron import CLI does
 *   (scripts/admin/argon2.ts), which the worker must verify (worker/api/libraries/patrons/csv.test.ts).
 */
import type { TestProject } from 'vitest/node';
import { hashPin } from '../../scripts/admin/argon2.ts';
import { startFakeSip2 } from '../../scripts/dev/fake-sip2.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    fakeSip2Port: number;
    nodePinHash: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const sip2 = await startFakeSip2();
  project.provide('fakeSip2Port', sip2.port);
  project.provide('nodePinHash', await hashPin('4321'));
  return () => sip2.close();
}
