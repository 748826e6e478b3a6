import type { Plugin } from 'vite';

/** How often the build says how far it got. */
const EVERY_MS = 5_000;

/**
 * Progress while the web app builds (issue 29): without a terminal Vite prints nothing between
 * 'transforming...' and the end, which took over two minutes of silence on a 2-core machine.
 * Every few seconds: how many modules are transformed, and when rendering chunks begins.
 */
export function buildProgress(): Plugin {
  let modules = 0;
  let timer: NodeJS.Timeout | undefined;
  const started = Date.now();
  const seconds = () => Math.round((Date.now() - started) / 1000);
  return {
    name: 'campus-elo-build-progress',
    apply: 'build',
    buildStart() {
      timer = setInterval(() => console.log(`  ...${modules} modules transformed (${seconds()} s)`), EVERY_MS);
      timer.unref();
    },
    transform() {
      modules += 1;
      return null;
    },
    buildEnd() {
      clearInterval(timer);
      console.log(`  ${modules} modules transformed in ${seconds()} s; writing the bundles (minifying takes a while)...`);
    },
  };
}
