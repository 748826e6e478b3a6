import { eventCreateInput, matchCreateInput, type BracketMatch, type EventDetail } from '@campus-elo/api-contract';
import type { Database } from '@campus-elo/db';
import { createRandom, expectedScore } from '@campus-elo/domain';
import type { Kysely } from 'kysely';
import { createMatch } from '../matches/admin-matches';
import { findCurrentSeason } from '../seasons/queries';
import { createEvent, linkMatch } from './admin-queries';

const DAY = 86_400_000;
const dayText = (today: Date, offset: number) => new Date(today.getTime() + offset * DAY).toISOString().slice(0, 10);

/**
 * The demo league's events, after its matches: a finished single-elimination playoff of the
 * top 8 by Elo (ten days ago) and a running double-elimination invitational of the next 8
 * (started yesterday, its first upper round played). Results are ordinary matches entered
 * the way staff enter them, so they move Elo through the ledger and advance the brackets.
 * Winners are drawn from the Elo rule with a fixed seed, so the same league gives the same events.
 */
export async function seedDemoEvents(db: Kysely<Database>, today: Date = new Date()): Promise<number> {
  const teams = await db.selectFrom('teams').select(['id', 'elo']).orderBy('elo', 'desc').orderBy('name').limit(16).execute();
  if (teams.length < 16) return 0;
  const season = await findCurrentSeason(db, undefined, today);
  const random = createRandom('demo-events');
  const links = { stream: 'https://example.com/campus-elo/stream', discord: 'https://example.com/campus-elo/discord' };

  let clock = Date.parse(`${dayText(today, -12)}T17:00:00Z`);
  const play = async (event: EventDetail, slot: BracketMatch): Promise<EventDetail> => {
    clock += 2 * 3_600_000;
    const elo1 = teams.find((t) => t.id === slot.team1!.id)!.elo;
    const elo2 = teams.find((t) => t.id === slot.team2!.id)!.elo;
    const team1Wins = random.chance(expectedScore(elo1, elo2));
    const losing = random.int(4, 11);
    const created = await createMatch(
      db,
      null,
      matchCreateInput.parse({
        team1_id: slot.team1!.id,
        team2_id: slot.team2!.id,
        status: 'completed',
        date: new Date(clock).toISOString(),
        season_id: season?.id,
        match_type: 'event',
        score_team1: team1Wins ? 13 : losing,
        score_team2: team1Wins ? losing : 13,
        winner_id: team1Wins ? slot.team1!.id : slot.team2!.id,
      }),
    );
    return linkMatch(db, null, { id: event.id, slot: slot.id, match_id: created.match!.id });
  };
  const ready = (event: EventDetail) => event.stages.flatMap((s) => s.rounds.flatMap((r) => r.matches)).filter((m) => m.status === 'ready' && m.match_id === null);

  let playoff = await createEvent(
    db,
    null,
    eventCreateInput.parse({
      name: season ? `${season.name} Playoffs` : 'Playoffs',
      start_date: dayText(today, -12),
      end_date: dayText(today, -10),
      season_id: season?.id,
      description: 'The top eight teams by Elo, single elimination, best of one.',
      links,
      format: 'single_elimination',
      team_ids: teams.slice(0, 8).map((t) => t.id),
    }),
  );
  for (let slot = ready(playoff)[0]; slot; slot = ready(playoff)[0]) playoff = await play(playoff, slot);

  clock = Date.parse(`${dayText(today, -1)}T17:00:00Z`);
  let invitational = await createEvent(
    db,
    null,
    eventCreateInput.parse({
      name: 'Campus Invitational',
      start_date: dayText(today, -1),
      end_date: dayText(today, 2),
      season_id: season?.id,
      description: 'Eight teams, double elimination with a grand-final reset.',
      links: { ...links, registration: 'https://example.com/campus-elo/register' },
      format: 'double_elimination',
      grand_final_reset: true,
      team_ids: teams.slice(8, 16).map((t) => t.id),
    }),
  );
  for (const slot of invitational.stages[0]!.rounds[0]!.matches) invitational = await play(invitational, slot);
  return 2;
}
