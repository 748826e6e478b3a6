import type { Insertable } from 'kysely';
import type { PlayerEloHistory, PlayerSeasons } from '../schema';
import { DAY_MS } from './calendar';
import type { SeasonPlan } from './competitions';
import type { Random } from './random';

const PLAYER_ELO_MIN = 500;
const PLAYER_ELO_MAX = 3000;
/** How far a player's Faceit Elo moves between two points, at most around twice this. */
const STEP_SPREAD = 35;

/**
 * Each player's Faceit Elo over the seasons they played, as Update Player Elo would have
 * recorded it: `perSeason` points a season from the start of their first season until
 * yesterday, a random walk that ends at the Elo they have today.
 */
export function playerEloHistory(
  random: Random,
  options: {
    players: readonly { id: string; elo: number }[];
    playerSeasons: readonly Insertable<PlayerSeasons>[];
    seasons: readonly SeasonPlan[];
    perSeason: number;
    now: number;
  },
): Insertable<PlayerEloHistory>[] {
  const { players, playerSeasons, seasons, perSeason, now } = options;
  const seasonStart = new Map(seasons.map((s) => [s.id, s.startMs]));
  const firstPlayed = new Map<string, number>();
  for (const row of playerSeasons) {
    const start = seasonStart.get(row.season_id) as number;
    firstPlayed.set(row.player_id, Math.min(firstPlayed.get(row.player_id) ?? start, start));
  }
  const seasonMs = seasons.length > 1 ? ((seasons.at(-1) as SeasonPlan).startMs - (seasons[0] as SeasonPlan).startMs) / (seasons.length - 1) : 182 * DAY_MS;
  const until = now - DAY_MS;

  const rows: Insertable<PlayerEloHistory>[] = [];
  for (const player of players) {
    const from = firstPlayed.get(player.id);
    if (from === undefined || from >= until) continue;
    const count = Math.max(2, Math.round(((until - from) / seasonMs) * perSeason));
    // Backwards from today's Elo, so the last point is where the player is now.
    const elos = [player.elo];
    for (let k = 1; k < count; k++) {
      const previous = elos[k - 1] as number;
      elos.push(Math.round(Math.min(PLAYER_ELO_MAX, Math.max(PLAYER_ELO_MIN, previous - random.normal() * STEP_SPREAD))));
    }
    elos.reverse().forEach((elo, k) => {
      const at = from + Math.round(((until - from) * k) / (count - 1));
      rows.push({ id: random.uuid(), player_id: player.id, at: new Date(at).toISOString(), elo, source: 'seed' });
    });
  }
  return rows;
}
