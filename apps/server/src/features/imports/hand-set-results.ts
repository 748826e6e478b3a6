import type { Database } from '@campus-elo/db';
import type { PreviewMatchFields } from '@campus-elo/domain';
import type { Kysely } from 'kysely';

/*
 * Results set by hand (matches.manual_result) are never overwritten by an import or Update
 * Matches: they are kept, and where the platform now says something else, the staff message
 * says so.
 */

interface FreshMatch extends PreviewMatchFields {
  id: string;
}

const resultText = (status: string, score1: number | null, score2: number | null, winner: string | null) =>
  `${status}${score1 === null && score2 === null ? '' : ` ${score1 ?? '-'}-${score2 ?? '-'}`}${winner ? `, won by ${winner}` : ''}`;

/** For a staff message: ' Kept 2 results set by hand; the platform disagrees on 1 (match …).', or ''. */
export function keptNote(kept: number, disagreements: readonly string[]): string {
  if (kept === 0) return '';
  const disagree = disagreements.length > 0 ? `; the platform disagrees on ${disagreements.length} (${disagreements.join('; ')})` : '';
  return ` Kept ${kept} ${kept === 1 ? 'result' : 'results'} set by hand${disagree}.`;
}

/**
 * Where the platform's result differs from one set by hand, which is kept: 'match 1-abc: the
 * platform says completed 2-1, won by team 1; kept completed 0-1, won by team 2'.
 */
export async function handSetDisagreements(db: Kysely<Database>, fresh: readonly FreshMatch[]): Promise<string[]> {
  if (fresh.length === 0) return [];
  const stored = await db
    .selectFrom('matches')
    .select(['id', 'external_id', 'status', 'score_team1', 'score_team2', 'winner_id', 'team1_id', 'team2_id'])
    .where('id', 'in', fresh.map((f) => f.id))
    .execute();
  const byId = new Map(stored.map((m) => [m.id, m]));
  const side = (winner: string | null, team1: string, team2: string) => (winner === team1 ? 'team 1' : winner === team2 ? 'team 2' : null);
  const problems: string[] = [];
  for (const f of fresh) {
    const m = byId.get(f.id);
    if (!m) continue;
    const platformSays = resultText(f.status, f.score1 === null ? null : Math.round(f.score1), f.score2 === null ? null : Math.round(f.score2), f.winner === 'faction1' ? 'team 1' : f.winner === 'faction2' ? 'team 2' : null);
    const kept = resultText(m.status, m.score_team1, m.score_team2, side(m.winner_id, m.team1_id, m.team2_id));
    if (platformSays !== kept) problems.push(`match ${m.external_id}: the platform says ${platformSays}; kept ${kept}`);
  }
  return problems;
}
