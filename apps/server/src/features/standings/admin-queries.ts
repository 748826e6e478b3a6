import type {
  AdminDivision,
  DeletedOutput,
  DivisionAssignInput,
  DivisionAssignOutput,
  DivisionCreateInput,
  DivisionListOutput,
  DivisionOrderInput,
  DivisionTeamsInput,
  DivisionUpdateInput,
} from '@campus-elo/api-contract';
import type { Database } from '@campus-elo/db';
import { splitByElo } from '@campus-elo/domain';
import { sql, type Kysely, type Transaction } from 'kysely';
import { recordAudit } from '../audit/record';
import { conflict, invalid, notFound } from '../../lib/errors';

type Db = Kysely<Database>;
type Trx = Transaction<Database>;
type User = { id: string } | null;

/** The season's divisions as staff see them, in order: one statement for the divisions, one for their teams. */
export async function listDivisions(db: Db, seasonId: string, onlyIds?: readonly string[]): Promise<AdminDivision[]> {
  let query = db
    .selectFrom('divisions as d')
    .leftJoin('competitions as c', 'c.id', 'd.source_competition_id')
    .select(['d.id', 'd.season_id', 'd.name', 'd.position', 'd.points_win', 'd.points_loss', 'd.tiebreakers', 'd.forfeits', 'd.lines', 'c.id as competition_id', 'c.name as competition_name'])
    .where('d.season_id', '=', seasonId);
  if (onlyIds) query = query.where('d.id', 'in', onlyIds.length > 0 ? [...onlyIds] : ['00000000-0000-0000-0000-000000000000']);
  const rows = await query.orderBy('d.position').orderBy('d.name').orderBy('d.id').execute();
  const teams =
    rows.length === 0
      ? []
      : await db
          .selectFrom('division_teams as dt')
          .innerJoin('teams as t', 't.id', 'dt.team_id')
          .select(['dt.division_id', 't.id', 't.name', 't.picture', 't.elo'])
          .where(
            'dt.division_id',
            'in',
            rows.map((r) => r.id),
          )
          .orderBy('t.elo', 'desc')
          .orderBy('t.name')
          .execute();
  return rows.map((row) => ({
    id: row.id,
    season_id: row.season_id,
    name: row.name,
    order: row.position,
    points_win: row.points_win,
    points_loss: row.points_loss,
    tiebreakers: row.tiebreakers as AdminDivision['tiebreakers'],
    forfeits: row.forfeits as AdminDivision['forfeits'],
    lines: row.lines as AdminDivision['lines'],
    source_competition: row.competition_id && row.competition_name ? { id: row.competition_id, name: row.competition_name } : null,
    teams: teams.filter((t) => t.division_id === row.id).map((t) => ({ id: t.id, name: t.name, picture: t.picture, elo: t.elo })),
  }));
}

async function requireFreeName(trx: Db, seasonId: string, name: string, exceptId: string | null): Promise<void> {
  let query = trx.selectFrom('divisions').select('name').where('season_id', '=', seasonId).where(sql<string>`lower(name)`, '=', name.toLowerCase());
  if (exceptId) query = query.where('id', '<>', exceptId);
  const taken = await query.executeTakeFirst();
  if (taken) throw conflict(`The season already has a division named '${taken.name}'`);
}

async function requireCompetition(trx: Db, competitionId: string | null): Promise<void> {
  if (competitionId === null) return;
  const found = await trx.selectFrom('competitions').select('id').where('id', '=', competitionId).executeTakeFirst();
  if (!found) throw invalid('No competition has this id', [{ path: ['source_competition_id'], message: 'No competition has this id' }]);
}

/** Season-wide writes take the season's row lock first, so two staff editing one season's divisions take turns. */
async function lockSeason(trx: Trx, seasonId: string): Promise<void> {
  const season = await trx.selectFrom('seasons').select('id').where('id', '=', seasonId).forUpdate().executeTakeFirst();
  if (!season) throw notFound('Season not found');
}

function ruleValues(input: DivisionCreateInput | DivisionUpdateInput) {
  return {
    name: input.name,
    points_win: input.points_win,
    points_loss: input.points_loss,
    tiebreakers: input.tiebreakers,
    forfeits: input.forfeits,
    lines: JSON.stringify([...input.lines].sort((a, b) => a.place - b.place)),
    source_competition_id: input.source_competition_id,
  };
}

async function readOne(trx: Db, seasonId: string, id: string): Promise<AdminDivision> {
  const [division] = await listDivisions(trx, seasonId, [id]);
  if (!division) throw notFound('Division not found');
  return division;
}

/** POST /v1/divisions/create/: a new division, last in its season's order. */
export function createDivision(db: Db, user: User, input: DivisionCreateInput): Promise<AdminDivision> {
  return db.transaction().execute(async (trx) => {
    await lockSeason(trx, input.season_id);
    await requireFreeName(trx, input.season_id, input.name, null);
    await requireCompetition(trx, input.source_competition_id);
    const { next } = await trx
      .selectFrom('divisions')
      .select(sql<number>`coalesce(max(position), 0) + 1`.as('next'))
      .where('season_id', '=', input.season_id)
      .executeTakeFirstOrThrow();
    const { id } = await trx
      .insertInto('divisions')
      .values({ season_id: input.season_id, position: Number(next), ...ruleValues(input) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const after = await readOne(trx, input.season_id, id);
    await recordAudit(trx, { user, action: 'create', entity: 'division', ids: [id], details: { after } });
    return after;
  });
}

/** PUT /v1/divisions/{id}/: replaces the name, rule, lines and source competition. */
export function updateDivision(db: Db, user: User, input: DivisionUpdateInput): Promise<AdminDivision> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('divisions').select('season_id').where('id', '=', input.id).forUpdate().executeTakeFirst();
    if (!row) throw notFound('Division not found');
    const before = await readOne(trx, row.season_id, input.id);
    await requireFreeName(trx, row.season_id, input.name, input.id);
    await requireCompetition(trx, input.source_competition_id);
    await trx.updateTable('divisions').set(ruleValues(input)).where('id', '=', input.id).execute();
    const after = await readOne(trx, row.season_id, input.id);
    await recordAudit(trx, { user, action: 'update', entity: 'division', ids: [input.id], details: { before, after } });
    return after;
  });
}

/** DELETE /v1/divisions/{id}/: its teams are left without a division; matches and teams stay. */
export function deleteDivision(db: Db, user: User, id: string): Promise<DeletedOutput> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('divisions').select('season_id').where('id', '=', id).forUpdate().executeTakeFirst();
    if (!row) throw notFound('Division not found');
    const before = await readOne(trx, row.season_id, id);
    await trx.deleteFrom('divisions').where('id', '=', id).execute();
    await recordAudit(trx, { user, action: 'delete', entity: 'division', ids: [id], details: { before } });
    return { id, message: `Deleted division '${before.name}'.` };
  });
}

/** PUT /v1/divisions/order/: every division of the season, once, in the new order. */
export function orderDivisions(db: Db, user: User, input: DivisionOrderInput): Promise<DivisionListOutput> {
  return db.transaction().execute(async (trx) => {
    await lockSeason(trx, input.season_id);
    const current = await trx.selectFrom('divisions').select(['id', 'position']).where('season_id', '=', input.season_id).orderBy('position').execute();
    const given = new Set(input.ids);
    if (given.size !== input.ids.length) throw invalid('Each division may be listed once', [{ path: ['ids'], message: 'Each division may be listed once' }]);
    const missing = current.filter((d) => !given.has(d.id));
    const foreign = input.ids.filter((id) => !current.some((d) => d.id === id));
    if (missing.length > 0 || foreign.length > 0) {
      const message = foreign.length > 0 ? `Not a division of this season: ${foreign.join(', ')}` : `Every division of the season must be listed; missing: ${missing.map((d) => d.id).join(', ')}`;
      throw invalid(message, [{ path: ['ids'], message }]);
    }
    await sql`
      UPDATE divisions SET position = o.position
      FROM unnest(${input.ids}::uuid[]) WITH ORDINALITY AS o(id, position)
      WHERE divisions.id = o.id
    `.execute(trx);
    await recordAudit(trx, { user, action: 'order', entity: 'division', ids: input.ids, details: { before: current.map((d) => d.id), after: input.ids } });
    return { results: await listDivisions(trx, input.season_id) };
  });
}

/** Names the first of `teamIds` already in another division of the season: 409. */
async function refuseTeamsElsewhere(trx: Db, seasonId: string, divisionId: string, teamIds: readonly string[]): Promise<void> {
  if (teamIds.length === 0) return;
  const elsewhere = await trx
    .selectFrom('division_teams as dt')
    .innerJoin('divisions as d', 'd.id', 'dt.division_id')
    .innerJoin('teams as t', 't.id', 'dt.team_id')
    .select(['t.name as team', 'd.name as division'])
    .where('dt.season_id', '=', seasonId)
    .where('dt.division_id', '<>', divisionId)
    .where('dt.team_id', 'in', [...teamIds])
    .orderBy('t.name')
    .execute();
  if (elsewhere.length > 0) {
    const first = elsewhere[0] as { team: string; division: string };
    const more = elsewhere.length > 1 ? ` (and ${elsewhere.length - 1} more)` : '';
    throw conflict(`'${first.team}' is already in division '${first.division}' this season${more}: a team plays in one division per season`);
  }
}

/** PUT /v1/divisions/{id}/teams/: replaces the division's teams. */
export function setDivisionTeams(db: Db, user: User, input: DivisionTeamsInput): Promise<AdminDivision> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('divisions').select('season_id').where('id', '=', input.id).executeTakeFirst();
    if (!row) throw notFound('Division not found');
    await lockSeason(trx, row.season_id);
    const teamIds = [...new Set(input.team_ids)];
    if (teamIds.length > 0) {
      const found = await trx.selectFrom('teams').select('id').where('id', 'in', teamIds).execute();
      const unknown = teamIds.filter((id) => !found.some((t) => t.id === id));
      if (unknown.length > 0) throw invalid(`No team has the id ${unknown.join(', ')}`, [{ path: ['team_ids'], message: `No team has the id ${unknown.join(', ')}` }]);
    }
    await refuseTeamsElsewhere(trx, row.season_id, input.id, teamIds);
    const before = (await trx.selectFrom('division_teams').select('team_id').where('division_id', '=', input.id).execute()).map((t) => t.team_id);
    await trx.deleteFrom('division_teams').where('division_id', '=', input.id).execute();
    if (teamIds.length > 0) await trx.insertInto('division_teams').values(teamIds.map((team_id) => ({ season_id: row.season_id, team_id, division_id: input.id }))).execute();
    await recordAudit(trx, { user, action: 'set_teams', entity: 'division', ids: [input.id], details: { before, after: teamIds } });
    return readOne(trx, row.season_id, input.id);
  });
}

/** The teams an assignment places (features/standings, 'assign'), written in `trx`. */
export async function placeSeasonTeams(trx: Db, seasonId: string, by: DivisionAssignInput['by'], replace: boolean) {
  const divisions = await trx.selectFrom('divisions').select(['id', 'position', 'name', 'source_competition_id']).where('season_id', '=', seasonId).orderBy('position').orderBy('name').execute();
  if (divisions.length === 0) throw invalid('The season has no divisions yet: create them first');
  if (by === 'imported_stage' && divisions.every((d) => d.source_competition_id === null)) {
    throw invalid("No division of the season names its source competition: set one to assign 'by the imported stage'");
  }
  if (replace) await trx.deleteFrom('division_teams').where('season_id', '=', seasonId).execute();
  const placed = new Set((await trx.selectFrom('division_teams').select('team_id').where('season_id', '=', seasonId).execute()).map((t) => t.team_id));
  const seasonTeams = await trx
    .selectFrom('season_teams as st')
    .innerJoin('teams as t', 't.id', 'st.team_id')
    .select(['t.id', 't.name', 't.elo'])
    .where('st.season_id', '=', seasonId)
    .execute();
  const open = seasonTeams.filter((t) => !placed.has(t.id));
  const rows: { season_id: string; team_id: string; division_id: string }[] = [];
  if (by === 'elo') {
    const groups = splitByElo(open, divisions.length);
    groups.forEach((group, i) => {
      for (const team of group) rows.push({ season_id: seasonId, team_id: team.id, division_id: (divisions[i] as { id: string }).id });
    });
  } else {
    const bySource = divisions.filter((d) => d.source_competition_id !== null);
    const sources = bySource.map((d) => d.source_competition_id as string);
    // Matches per team and source competition in the season: each match counts for both sides.
    const counts =
      open.length > 0
        ? (
            await sql<{ competition_id: string; team_id: string; n: number }>`
              SELECT m.competition_id, side.team_id, count(*)::int AS n
              FROM matches m CROSS JOIN LATERAL (VALUES (m.team1_id), (m.team2_id)) AS side(team_id)
              WHERE m.season_id = ${seasonId} AND m.competition_id = ANY(${sources}::uuid[])
              GROUP BY 1, 2
            `.execute(trx)
          ).rows
        : [];
    for (const team of open) {
      let best: { divisionId: string; n: number } | null = null;
      for (const division of bySource) {
        const n = Number(counts.find((c) => c.team_id === team.id && c.competition_id === division.source_competition_id)?.n ?? 0);
        if (n > 0 && (best === null || n > best.n)) best = { divisionId: division.id, n };
      }
      if (best) rows.push({ season_id: seasonId, team_id: team.id, division_id: best.divisionId });
    }
  }
  if (rows.length > 0) await trx.insertInto('division_teams').values(rows).execute();
  return { divisions, rows, open };
}

/**
 * POST /v1/divisions/assign/: 'elo' splits the season's teams (those that play its matches or
 * entered its competitions: season_teams) by Elo into even groups, the strongest to the first
 * division (packages/domain, splitByElo); 'imported_stage' puts each team into the division
 * whose source competition it played a match of (the competition where it played most, on a tie the earlier division).
 * Without `replace`, teams already placed stay where they are and only the others are placed.
 */
export function assignDivisions(db: Db, user: User, input: DivisionAssignInput): Promise<DivisionAssignOutput> {
  return db.transaction().execute(async (trx) => {
    await lockSeason(trx, input.season_id);
    const { divisions, rows, open } = await placeSeasonTeams(trx, input.season_id, input.by, input.replace);
    await recordAudit(trx, {
      user,
      action: 'assign',
      entity: 'division',
      ids: divisions.map((d) => d.id),
      details: { by: input.by, replace: input.replace, assigned: rows.map((r) => ({ team_id: r.team_id, division_id: r.division_id })) },
    });
    return { assigned: rows.length, unassigned: open.length - rows.length, results: await listDivisions(trx, input.season_id) };
  });
}

/**
 * At import: when a division of the season names the imported competition as its source, the
 * season's teams not yet in a division are placed 'by the imported stage' in the import's
 * transaction (teams already placed stay). Answers how many were placed.
 */
export async function placeImportedTeams(trx: Db, seasonId: string, competitionId: string): Promise<number> {
  const mapped = await trx.selectFrom('divisions').select('id').where('season_id', '=', seasonId).where('source_competition_id', '=', competitionId).limit(1).executeTakeFirst();
  if (!mapped) return 0;
  const { rows } = await placeSeasonTeams(trx, seasonId, 'imported_stage', false);
  return rows.length;
}
