import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/** The Chromium every browser test drives: Debian's, never a downloaded one. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function chromiumVersion(): string {
  if (!existsSync(CHROMIUM_PATH)) return `none at ${CHROMIUM_PATH}`;
  try {
    return execFileSync(CHROMIUM_PATH, ['--version'], { encoding: 'utf8', timeout: 30_000, stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch (error) {
    return `${CHROMIUM_PATH} did not say its version (${error instanceof Error ? error.message : String(error)})`;
  }
}

/**
 * The web project's vitest globalSetup: prints, once per run, the Chromium and axe-core the
 * browser tests judge the pages with. Both change under the tests (.ci/run installs the day's
 * Debian Chromium), and a new one can find what an older one did not, so a failing run says
 * which it met.
 */
export default function printBrowserVersions(): void {
  const axe = JSON.parse(readFileSync(createRequire(import.meta.url).resolve('axe-core/package.json'), 'utf8')) as { version: string };
  console.log(`Browser tests: ${chromiumVersion()}; axe-core ${axe.version}`);
}
