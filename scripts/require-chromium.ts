/**
 * Browser tests drive Debian's Chromium (playwright cannot download browsers on these machines).
 * Fails with a clear message when no browser is found. CHROMIUM_PATH overrides the location.
 */
import { existsSync } from 'node:fs';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

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
