import { teamEloCalculationRecord, type TeamEloCalculationRecord, type TeamRating, type TeamRatingNeighbour, type TeamRatingStep } from '@campus-elo/api-contract';
import type { Database } from '@campus-elo/db';
import { compareLedgerPositions, DEFAULT_ELO, ELO_K, eloTime, expectedScore, isProvisional, type LedgerPosition } from '@campus-elo/domain';
import { sql, type Kysely } from 'kysely';
import { notFound } from '../../lib/errors';

/**
 * A team's Elo added up from the Elo ledger (apps/server/src/features/elo/ledger.ts): its
 * starting Elo, then every applied match and adjustment in ledger order, each with the Elo
 * before and the change as stored. Only the expected chance is derived, from the two stored
 * Elo before the match, with the rule's own formula (packages/domain, elo.ts). Calculate Team
 * ELO's numbers come as stored with the adjustment or the team (migration 0101).
 */
export async function getTeamRating(db: Kysely<Database>, teamId: string): Promise<TeamRating> {
  const team = await db.selectFrom('teams').select(['id', 'name', 'picture', 'elo', 'starting_elo', 'starting_elo_calculation']).where('id', '=', teamId).executeTakeFirst();
  if (!team) throw notFound('Team not found');

  const [matches, adjustments, places] = await Promise.all([
    sql<{
      id: string;
      date: Date | null;
      won: boolean;
      elo_before: number;
      change: number;
      opponent_id: string;
      opponent_name: string;
      opponent_picture: string | null;
      opponent_elo: number;
    }>`
      SELECT m.id, m.date, m.winner_id = ${teamId}::uuid AS won,
        CASE WHEN m.team1_id = ${teamId}::uuid THEN e.team1_elo_before ELSE e.team2_elo_before END AS elo_before,
        CASE WHEN m.team1_id = ${teamId}::uuid THEN e.team1_elo_change ELSE e.team2_elo_change END AS change,
        o.id AS opponent_id, o.name AS opponent_name, o.picture AS opponent_picture,
        CASE WHEN m.team1_id = ${teamId}::uuid THEN e.team2_elo_before ELSE e.team1_elo_before END AS opponent_elo
      FROM matches m
      JOIN match_elo e ON e.match_id = m.id
      JOIN teams o ON o.id = CASE WHEN m.team1_id = ${teamId}::uuid THEN m.team2_id ELSE m.team1_id END
      WHERE (m.team1_id = ${teamId}::uuid OR m.team2_id = ${teamId}::uuid)
    `.execute(db),
    db.selectFrom('elo_adjustments').select(['id', 'at', 'elo_before', 'elo_after', 'reason', 'calculation']).where('team_id', '=', teamId).execute(),
    // The team's place among all teams (by Elo, then name, then id), with the one above and below.
    sql<{ id: string; name: string; picture: string | null; elo: number; place: number }>`
      WITH placed AS (
        SELECT id, name, picture, elo, row_number() OVER (ORDER BY elo DESC, name, id)::int AS place FROM teams
      )
      SELECT placed.* FROM placed, (SELECT place FROM placed WHERE id = ${teamId}::uuid) AS mine
      WHERE placed.place BETWEEN mine.place - 1 AND mine.place + 1
      ORDER BY placed.place
    `.execute(db),
  ]);

  // Distributed over the union, so each kind keeps its own fields.
  type Untotalled<T> = T extends unknown ? Omit<T, 'total'> : never;
  type Event = { position: LedgerPosition; step: Untotalled<TeamRatingStep> };
  const events: Event[] = [];
  for (const m of matches.rows) {
    const expected = expectedScore(m.elo_before, m.opponent_elo);
    events.push({
      // An applied match without a date (from before the date rule) was applied last.
      position: { time: eloTime(m.date) ?? Number.POSITIVE_INFINITY, kind: 'match', id: m.id },
      step: {
        kind: 'match',
        match_id: m.id,
        date: m.date?.toISOString() ?? '',
        opponent: { id: m.opponent_id, name: m.opponent_name, picture: m.opponent_picture },
        opponent_elo: m.opponent_elo,
        result: m.won ? 'W' : 'L',
        expected,
        elo_before: m.elo_before,
        change: m.change,
        rule: ruleText(m.won ? 1 : 0, expected, m.change),
      },
    });
  }
  for (const a of adjustments) {
    events.push({
      position: { time: a.at.getTime(), kind: 'adjustment', id: a.id },
      step: {
        kind: 'adjustment',
        reason: a.reason,
        date: a.at.toISOString(),
        elo_before: a.elo_before,
        change: a.elo_after - a.elo_before,
        calculation: storedCalculation(a.calculation, a.elo_after),
      },
    });
  }
  events.sort((x, y) => compareLedgerPositions(x.position, y.position));

  let total = team.starting_elo;
  const steps = events.map(({ step }) => {
    total += step.change;
    return { ...step, total } as TeamRatingStep;
  });

  const rows = places.rows;
  const mine = rows.find((row) => row.id === teamId)!;
  const neighbour = (place: number): TeamRatingNeighbour | null => {
    const row = rows.find((r) => r.place === place);
    return row ? { id: row.id, name: row.name, picture: row.picture, rank: row.place, elo: row.elo, gap: row.elo - team.elo } : null;
  };
  const ratedMatches = matches.rows.length;
  return {
    team: { id: team.id, name: team.name, picture: team.picture },
    elo: team.elo,
    rank: mine.place,
    rated_matches: ratedMatches,
    provisional: isProvisional(ratedMatches),
    start: startOf(team.starting_elo, storedCalculation(team.starting_elo_calculation, team.starting_elo)),
    steps,
    above: neighbour(mine.place - 1),
    below: neighbour(mine.place + 1),
  };
}

/** Where the starting Elo came from: the roster's numbers when they gave it, else the default or another Elo. */
function startOf(elo: number, calculation: TeamEloCalculationRecord | null): TeamRating['start'] {
  if (calculation) return { elo, origin: 'calculated', calculation };
  return { elo, origin: elo === DEFAULT_ELO ? 'default' : 'set', calculation: null };
}

/**
 * A stored calculation, when there is one and it gave this Elo: a starting Elo reset by
 * Recalculate All keeps the team's old record, which then no longer explains it.
 */
function storedCalculation(stored: unknown, elo: number): TeamEloCalculationRecord | null {
  const parsed = teamEloCalculationRecord.safeParse(stored);
  return parsed.success && parsed.data.elo === elo ? parsed.data : null;
}

/** 'round(150 × (1 − 0.64)) = +54': the Elo rule with this match's numbers. */
export function ruleText(result: 0 | 1, expected: number, change: number): string {
  const signed = change > 0 ? `+${change}` : change < 0 ? `−${-change}` : '0';
  return `round(${ELO_K} × (${result} − ${expected.toFixed(2)})) = ${signed}`;
}
