import type { ImportMatchesInput } from '@campus-elo/api-contract';
import { eloLedgerBreaks, selectMatchesWithElo } from '@campus-elo/db';
import { participantMatchKey } from '@campus-elo/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faceitChampionship, faceitMatch } from '../../../test-support/fakes';
import { secondsFromNow, setUpImports, type ImportsTestSetup } from './testing';

// Issue 29: an import moved Elo without saying so and could not be undone.
let setup: ImportsTestSetup;
let seasonId: string;
let hawksId: string;

beforeAll(async () => {
  setup = await setUpImports();
  const db = setup.database.db;
  seasonId = (await db.insertInto('seasons').values({ name: 'Fall Elo', start_date: '2025-07-01', end_date: '2025-12-31' }).returning('id').executeTakeFirstOrThrow()).id;
  hawksId = (await db.insertInto('teams').values({ name: 'Ashford Hawks', elo: 1500, starting_elo: 1500 }).returning('id').executeTakeFirstOrThrow()).id;
  setup.faceit.setChampionship('elo-run', faceitChampionship({ championshipId: 'elo-run', count: 12, teams: 4, startAt: secondsFromNow(-30), name: 'Elo Cup' }));
});
afterAll(() => setup.close());

const importOf = (items: unknown[], dryRun = false): ImportMatchesInput => ({
  platform: 'faceit',
  competition_name: 'Elo Cup',
  season_id: seasonId,
  type: 'league',
  data: { items: items as ImportMatchesInput['data']['items'] },
  participant_matches: { [participantMatchKey('faceit', 'Faceit College A')]: hawksId },
  dry_run: dryRun,
});

const hawksElo = async () => (await setup.database.db.selectFrom('teams').select('elo').where('id', '=', hawksId).executeTakeFirstOrThrow()).elo;
const matchCount = async () => (await setup.database.db.selectFrom('matches').select('id').execute()).length;

describe('an import as an Elo run', () => {
  let runId: string;
  let preview: Awaited<ReturnType<ImportsTestSetup['caller']['admin']['imports']['preview']>>;

  it('previews the Elo an import would move, and writes nothing', async () => {
    preview = await setup.caller.admin.imports.preview({ platform: 'faceit', competition_id: 'elo-run' });
    const dry = await setup.caller.admin.imports.commit(importOf(preview.items, true));
    expect(dry).toMatchObject({ dry_run: true, elo_run_id: null, matches_imported: 12, teams_created: 3 });
    expect(dry.elo_changes.find((c) => c.team_id === hawksId)).toMatchObject({ team_name: 'Ashford Hawks', before: 1500 });
    expect(await matchCount()).toBe(0);
    expect(await hawksElo()).toBe(1500);
    expect(await setup.database.db.selectFrom('teams').select('id').execute()).toHaveLength(1);
    expect(await setup.database.db.selectFrom('elo_runs').select('id').execute()).toEqual([]);
    expect(await setup.database.db.selectFrom('audit_log').select('id').execute()).toEqual([]);
  });

  it('lists the Elo changes after importing and says how many teams it created, as an Elo run', async () => {
    const dry = await setup.caller.admin.imports.commit(importOf(preview.items, true));
    const answer = await setup.caller.admin.imports.commit(importOf(preview.items));
    expect(answer).toMatchObject({ dry_run: false, teams_created: 3, matches_imported: 12 });
    expect(answer.elo_run_id).toEqual(expect.any(String));
    // The preview said exactly what happened, new teams' ids aside.
    const byName = (changes: typeof answer.elo_changes) => changes.map((c) => [c.team_name, c.before, c.after]);
    expect(byName(answer.elo_changes)).toEqual(byName(dry.elo_changes));
    expect(await hawksElo()).toBe(answer.elo_changes.find((c) => c.team_id === hawksId)!.after);
    const run = await setup.database.db.selectFrom('elo_runs').selectAll().where('id', '=', answer.elo_run_id!).executeTakeFirstOrThrow();
    expect(run.kind).toBe('import');
    runId = answer.elo_run_id!;
  });

  it('undoes an import: a dry run lists what undo changes, then undo removes its matches and puts Elo back', async () => {
    const moved = await hawksElo();
    const dry = await setup.caller.admin.elo.undoRun({ id: runId, dry_run: true });
    expect(dry.dry_run).toBe(true);
    expect(dry.elo_changes.find((c) => c.team_id === hawksId)).toEqual({ team_id: hawksId, team_name: 'Ashford Hawks', before: moved, after: 1500 });
    expect(await hawksElo()).toBe(moved);
    expect(await matchCount()).toBe(12);

    const undone = await setup.caller.admin.elo.undoRun({ id: runId });
    expect(undone.elo_changes).toEqual(dry.elo_changes);
    expect(await hawksElo()).toBe(1500);
    expect(await matchCount()).toBe(0);
    expect(await eloLedgerBreaks(setup.database.db)).toEqual([]);
  });

  it('undoing a re-import that finished a match puts the match back as it was', async () => {
    const db = setup.database.db;
    const first = await setup.caller.admin.imports.commit(importOf(preview.items));
    const eloAfterFirst = await hawksElo();
    const scheduled = preview.items.find((i) => i.status === 'SCHEDULED' && [i.teams.faction1?.name, i.teams.faction2?.name].includes('Faceit College A'))!;
    setup.faceit.setMatch(
      faceitMatch({
        matchId: scheduled.match_id,
        championshipId: 'elo-run',
        team1: scheduled.teams.faction1!.name,
        team2: scheduled.teams.faction2!.name,
        status: 'FINISHED',
        scheduledAt: scheduled.scheduled_at!,
        score: [1, 0],
      }),
    );
    const fresh = await setup.caller.admin.imports.preview({ platform: 'faceit', competition_id: 'elo-run' });
    const second = await setup.caller.admin.imports.commit(importOf(fresh.items));
    expect(second.matches_updated).toBe(12);
    expect(second.elo_run_id).not.toBeNull();
    expect(await hawksElo()).not.toBe(eloAfterFirst);

    await setup.caller.admin.elo.undoRun({ id: second.elo_run_id! });
    const match = await selectMatchesWithElo(db).selectAll().where('external_id', '=', scheduled.match_id).executeTakeFirstOrThrow();
    expect(match).toMatchObject({ status: 'scheduled', winner_id: null, elo_applied: false });
    expect(await hawksElo()).toBe(eloAfterFirst);
    expect(await matchCount()).toBe(12);
    expect(first.elo_run_id).not.toBeNull();
    expect(await eloLedgerBreaks(db)).toEqual([]);
  });
});
