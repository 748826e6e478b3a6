/**
 * The lines the demo prints once the server listens (issue 29): where the site is and how to
 * sign in, last on the screen rather than scrolled away above the build and request logs.
 */
export function startBanner({ url, demoOwner }: { url: string; demoOwner: string | null }): string {
  const lines = [
    `Campus Elo is running at ${url}`,
    `Staff sign-in: ${url}/signin${demoOwner ? ` as ${demoOwner}` : ''}`,
    'Stop it with Ctrl+C.',
  ];
  const rule = '-'.repeat(Math.max(...lines.map((line) => line.length)));
  return ['', rule, ...lines, rule, ''].join('\n');
}
