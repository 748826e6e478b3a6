/**
 * `pnpm bench:import`: the import of a 100-match FACEIT championship with its map details
 * (issue 24's target: under 10 s) against the fake FACEIT, through the import wizard's two
 * procedures (preview, then commit, which fetches each finished match's details and stats
 * and writes its maps and player lines). Then Update Matches of the same matches, which
 * finds nothing to write. A throwaway database on DATABASE_URL's server (default the local
 * PostgreSQL), dropped at the end. BENCH_IMPORT_MATCHES changes the size (default 100).
 */
import { faceitMatch } from '../test-support/fakes';
import { secondsFromNow, setUpImports } from '../src/features/imports/testing';

process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
const MATCHES = Number(process.env.BENCH_IMPORT_MATCHES ?? 100);
const TEAMS = 16;
/** Best-of-three results, in turn (a 2-0 is two maps, a 2-1 three). */
const SERIES: [number, number][] = [
  [2, 1],
  [0, 2],
  [2, 0],
  [1, 2],
];

const setup = await setUpImports();
try {
  const championshipId = 'bench-cup';
  const teamName = (i: number) => `Bench College ${i + 1}`;
  setup.faceit.setChampionship(
    championshipId,
    Array.from({ length: MATCHES }, (_, i) =>
      faceitMatch({
        matchId: `1-bench-${i}`,
        championshipId,
        championshipName: 'Bench Cup',
        team1: teamName(i % TEAMS),
        team2: teamName((i + 1 + (Math.floor(i / TEAMS) % (TEAMS - 1))) % TEAMS),
        status: 'FINISHED',
        scheduledAt: secondsFromNow(-MATCHES + i),
        score: SERIES[i % SERIES.length],
      }),
    ),
  );
  const season = await setup.database.db.insertInto('seasons').values({ name: 'Bench season', start_date: '2020-01-01', end_date: '2099-12-31' }).returning('id').executeTakeFirstOrThrow();

  const timed = async <T>(work: () => Promise<T>): Promise<[T, number]> => {
    const started = performance.now();
    const value = await work();
    return [value, (performance.now() - started) / 1000];
  };
  const [preview, previewSeconds] = await timed(() => setup.caller.admin.imports.preview({ platform: 'faceit', competition_id: championshipId }));
  const [imported, commitSeconds] = await timed(() =>
    setup.caller.admin.imports.commit({ platform: 'faceit', competition_name: 'Bench Cup', season_id: season.id, data: preview, participant_matches: {} }),
  );
  const ids = (await setup.database.db.selectFrom('matches').select('id').execute()).map((row) => row.id);
  const [updated, updateSeconds] = await timed(() => setup.caller.admin.imports.updateMatches({ match_ids: ids, only_changed: true }));

  const count = async (table: 'match_maps' | 'match_map_players') =>
    Number((await setup.database.db.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
  const [maps, lines] = [await count('match_maps'), await count('match_map_players')];
  const calls = setup.faceit.requests.length;

  console.log(`FACEIT championship of ${MATCHES} finished matches: ${maps} maps, ${lines} player lines stored (${calls} calls to the fake)`);
  console.log('| step | seconds | result |');
  console.log('| --- | ---: | --- |');
  console.log(`| preview (pages the championship) | ${previewSeconds.toFixed(2)} | ${preview.items.length} items |`);
  console.log(`| import with map details | ${commitSeconds.toFixed(2)} | ${imported.message} |`);
  console.log(`| preview + import (target < 10 s) | ${(previewSeconds + commitSeconds).toFixed(2)} | |`);
  console.log(`| Update Matches of the same, again | ${updateSeconds.toFixed(2)} | ${updated.message} |`);
  if (imported.map_details?.saved !== MATCHES || updated.map_details?.saved !== 0) {
    console.error('Unexpected: every match should be saved once by the import and none by the update.');
    process.exitCode = 1;
  }
} finally {
  await setup.close();
}
