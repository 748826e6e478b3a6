import { faceitMatch, type FakeFaceit } from './fakes';

/** A staff REST call (through app.inject or fetch): status and JSON body. */
export type StaffCall = (method: 'GET' | 'POST', path: string, body?: unknown) => Promise<{ status: number; body: any }>;

const DAY = 86_400;

/**
 * Makes Update Matches a job that takes a while, item by item: `count` overdue Faceit matches
 * of a championship called `name` are imported as scheduled, then the fake reports each
 * finished, answering `delayMs` late.
 * The first `failing` answer 404 (at once), so failed items show up early. Answers the
 * failing matches' Faceit ids and the names a job gives them; start the job with `{platform: 'faceit'}`.
 */
export async function importSlowMatches(
  call: StaffCall,
  faceit: FakeFaceit,
  options: { name: string; count: number; delayMs: number; failing?: number },
): Promise<{ failingIds: string[]; failingNames: string[] }> {
  const slug = options.name.toLowerCase().replace(/\W+/g, '-');
  const start = Math.floor(Date.now() / 1000) - 30 * DAY;
  const spec = (i: number, status: 'SCHEDULED' | 'FINISHED') =>
    faceitMatch({
      matchId: `1-${slug}-${String(i).padStart(3, '0')}`,
      championshipId: slug,
      championshipName: options.name,
      team1: `${options.name} Team ${i % 4}`,
      team2: `${options.name} Team ${(i + 1) % 4}`,
      status,
      // In the past, a day apart: all overdue, fetched in this order.
      scheduledAt: start + i * DAY,
      score: [1, 0],
    });
  const indexes = Array.from({ length: options.count }, (_, i) => i);
  faceit.setChampionship(slug, indexes.map((i) => spec(i, 'SCHEDULED')));

  const season = await call('POST', '/v1/seasons/create/', { name: `${options.name} Season`, start_date: '2000-01-01', end_date: '2099-12-31' });
  const preview = await call('POST', '/v1/import-matches/preview/', { platform: 'faceit', competition_id: slug });
  const imported = await call('POST', '/v1/import-matches/', { platform: 'faceit', competition_name: options.name, season_id: season.body.id, data: preview.body, participant_matches: {} });
  if (imported.status !== 200) throw new Error(`The import failed: ${imported.status} ${JSON.stringify(imported.body)}`);

  for (const i of indexes) faceit.setMatch(spec(i, 'FINISHED'));
  const failingIds = indexes.slice(0, options.failing ?? 0).map((i) => spec(i, 'SCHEDULED').match_id);
  for (const id of failingIds) faceit.fault({ path: `/matches/${id}`, status: 404 });
  faceit.fault({ path: /^\/matches\//, delayMs: options.delayMs });
  // How a job names a failed match: by the teams that played it.
  const failingNames = indexes.slice(0, options.failing ?? 0).map((i) => `${options.name} Team ${i % 4} vs ${options.name} Team ${(i + 1) % 4} (Faceit)`);
  return { failingIds, failingNames };
}
