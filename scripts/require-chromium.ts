/**
 * Browser tests drive Debian's Chromium (playwright cannot download browsers on these machines).
 * Fails with a clear message when no browser is found. CHROMIUM_PATH overrides the location.
 */
import { existsSync } from 'node:fs';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The flags every Chromium of the browser tests and the bench starts with on these machines: no
 * sandbox (containers), no GPU, no QUIC, and none of the browser's background work (first-run
 * pages, background networking, component updates, sync).
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
] as const;

if (import.meta.url === `file://${process.argv[1]}`) {
  if (!existsSync(chromiumPath)) {
    console.error(
      `No Chromium found at ${chromiumPath}.\n` +
        'Install one with:  sudo apt-get update && sudo apt-get install -y chromium\n' +
        'or point CHROMIUM_PATH at an existing Chromium or Chrome binary.',
    );
    process.exit(1);
  }
}
