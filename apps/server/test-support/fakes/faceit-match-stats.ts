import type { FaceitMatch, FaceitMatchStats, FaceitRosterPlayer } from '@campus-elo/domain';
import { stablePick } from './fake-http-server';

/**
 * Made-up but internally consistent map details for a finished fake FACEIT match, in the
 * shapes of the fixtures (shared/fixtures/faceit/match-details-bo3.json, match-stats-bo3.json):
 * the maps and each map's rounds agree with the match's result, halves add up to the map
 * score, and one side's kills are the other side's deaths. Everything follows from the match
 * id, so the same match always gets the same numbers.
 */

const MAP_POOL = ['de_ancient', 'de_anubis', 'de_dust2', 'de_inferno', 'de_mirage', 'de_nuke', 'de_train'];
/** Regulation: 24 rounds, 12 a half; the winner needs 13. Overtime here is one MR6 won 4-2 from 12-12. */
const HALF = 12;

interface PlayedMap {
  map: string;
  /** Rounds of team 1 and team 2. */
  score: [number, number];
  halves: [[number, number], [number, number]];
  overtime: [number, number];
}

type Faction = 'faction1' | 'faction2';

/** The number of maps: one for a best-of-one (1-0, or a round score like 13-9), else the maps won added up. */
function mapCount(score: [number, number]): number {
  const [a, b] = score;
  return Math.max(a, b) <= 1 || Math.max(a, b) > 5 ? 1 : a + b;
}

/** Who won each map, in order: a series is decided on its last map. */
function mapWinners(score: [number, number], count: number, seed: string): Faction[] {
  if (count === 1) return [score[0] > score[1] ? 'faction1' : 'faction2'];
  const seriesWinner: Faction = score[0] > score[1] ? 'faction1' : 'faction2';
  const loserWins = Math.min(score[0], score[1]);
  const other: Faction = seriesWinner === 'faction1' ? 'faction2' : 'faction1';
  const earlier: Faction[] = [...Array<Faction>(count - 1 - loserWins).fill(seriesWinner), ...Array<Faction>(loserWins).fill(other)];
  // A stable rotation, so the series loser does not always take the last maps before the decider.
  const turn = earlier.length === 0 ? 0 : stablePick(`${seed}:order`, earlier.length);
  return [...earlier.slice(turn), ...earlier.slice(0, turn), seriesWinner];
}

/** FACEIT's best_of: a series is a best-of-(2 x maps to win - 1). */
function bestOf(score: [number, number], count: number): number {
  return count === 1 ? 1 : 2 * Math.max(...score) - 1;
}

/** One map's rounds, halves and overtime, won by `winner`; `roundScore` when the match's own score is the map's rounds. */
function playedMap(map: string, winner: Faction, roundScore: [number, number] | null, seed: string): PlayedMap {
  // A given round score past 13 went to overtime from 12-12.
  const overtime = roundScore === null ? stablePick(`${seed}:ot`, 6) === 0 : Math.max(...roundScore) > 13 && Math.min(...roundScore) >= HALF;
  let winnerRounds: number;
  let loserRounds: number;
  let winnerFirstHalf: number;
  let overtimeRounds: [number, number] = [0, 0];
  if (roundScore) {
    winnerRounds = Math.max(...roundScore);
    loserRounds = Math.min(...roundScore);
    if (overtime) overtimeRounds = [winnerRounds - HALF, loserRounds - HALF];
  } else if (overtime) {
    winnerRounds = 16;
    loserRounds = 14;
    overtimeRounds = [4, 2];
  } else {
    winnerRounds = 13;
    loserRounds = stablePick(`${seed}:loser`, 12);
  }
  if (overtime) {
    winnerFirstHalf = 4 + stablePick(`${seed}:half`, 5);
  } else {
    // The first half is 12 rounds whenever the map went past it: the loser's share is at most its total.
    const fewest = Math.max(HALF - loserRounds, winnerRounds - HALF, 0);
    const most = Math.min(HALF, winnerRounds);
    winnerFirstHalf = fewest + stablePick(`${seed}:half`, most - fewest + 1);
  }
  const loserFirstHalf = Math.min(HALF - winnerFirstHalf, loserRounds);
  const winnerHalves: [number, number] = [winnerFirstHalf, winnerRounds - winnerFirstHalf - overtimeRounds[0]];
  const loserHalves: [number, number] = [loserFirstHalf, loserRounds - loserFirstHalf - overtimeRounds[1]];
  const team1Won = winner === 'faction1';
  return {
    map,
    score: team1Won ? [winnerRounds, loserRounds] : [loserRounds, winnerRounds],
    halves: team1Won ? [winnerHalves, loserHalves] : [loserHalves, winnerHalves],
    overtime: team1Won ? overtimeRounds : [overtimeRounds[1], overtimeRounds[0]],
  };
}

/** The maps a finished match was played on, with rounds and halves; none before it has a result. */
function playedMaps(match: FaceitMatch): { maps: PlayedMap[]; bestOf: number } {
  const raw = match.results?.score;
  const none = { maps: [], bestOf: match.best_of ?? 1 };
  if (!raw || match.results?.winner === undefined || (match.status ?? '').toUpperCase() !== 'FINISHED') return none;
  const score: [number, number] = [raw['faction1'] ?? 0, raw['faction2'] ?? 0];
  if (score[0] === score[1]) return none;
  const count = mapCount(score);
  const firstMap = stablePick(`${match.match_id}:pool`, MAP_POOL.length);
  const roundScore = count === 1 && Math.max(...score) > 5 ? score : null;
  const maps = mapWinners(score, count, match.match_id).map((winner, index) =>
    playedMap(MAP_POOL[(firstMap + index * 3) % MAP_POOL.length] as string, winner, roundScore, `${match.match_id}:${index}`),
  );
  return { maps, bestOf: bestOf(score, count) };
}

/**
 * GET matches/{id} for a finished match: the match with `voting.map.pick` and
 * `detailed_results` added (the series' best_of follows from its score). Other matches as they are.
 */
export function faceitMatchDetails(match: FaceitMatch): FaceitMatch {
  const { maps, bestOf: best } = playedMaps(match);
  if (maps.length === 0) return match;
  return {
    ...match,
    best_of: best,
    voting: match.voting ?? {
      voted_entity_types: ['map'],
      map: { entities: MAP_POOL.map((code) => ({ game_map_id: code, guid: code, class_name: code, name: code.replace(/^de_/, '') })), pick: maps.map((m) => m.map) },
    },
    detailed_results: maps.map((m) => ({
      asc_score: true,
      winner: m.score[0] > m.score[1] ? 'faction1' : 'faction2',
      factions: { faction1: { score: m.score[0] }, faction2: { score: m.score[1] } },
    })),
  };
}

/** Splits `total` into `parts` whole numbers, each at most `cap`, with stable jitter. */
function split(total: number, parts: number, cap: number, seed: string): number[] {
  const weights = Array.from({ length: parts }, (_, i) => 2 + stablePick(`${seed}:${i}`, 5));
  const sum = weights.reduce((a, b) => a + b, 0);
  const shares = weights.map((w) => Math.min(cap, Math.floor((total * w) / sum)));
  let left = total - shares.reduce((a, b) => a + b, 0);
  for (let i = 0; left > 0 && i < parts * cap; i += 1) {
    const at = i % parts;
    if ((shares[at] as number) < cap) {
      shares[at] = (shares[at] as number) + 1;
      left -= 1;
    }
  }
  return shares;
}

function playerStats(kills: number, deaths: number, rounds: number, won: boolean, seed: string): Record<string, string> {
  const pick = (what: string, n: number) => stablePick(`${seed}:${what}`, n);
  const headshots = Math.round((kills * (30 + pick('hs', 40))) / 100);
  const damage = kills * (80 + pick('dmg', 30)) + pick('chip', 300);
  const penta = kills >= 5 && pick('5k', 20) === 0 ? 1 : 0;
  const quadro = kills >= 4 + 5 * penta && pick('4k', 6) === 0 ? 1 : 0;
  const triple = Math.min(pick('3k', 3), Math.floor((kills - 5 * penta - 4 * quadro) / 3));
  const double = Math.min(pick('2k', 5), Math.floor((kills - 5 * penta - 4 * quadro - 3 * triple) / 2));
  const entries = Math.min(rounds, pick('entry', 8));
  const entryWins = entries === 0 ? 0 : pick('entry-wins', entries + 1);
  const oneVsOne = pick('1v1', 3);
  const oneVsTwo = pick('1v2', 2);
  const s = (value: number) => String(value);
  return {
    Kills: s(kills),
    Deaths: s(deaths),
    Assists: s(pick('assists', 8)),
    Headshots: s(headshots),
    'Headshots %': s(kills === 0 ? 0 : Math.round((100 * headshots) / kills)),
    'K/D Ratio': (deaths === 0 ? kills : kills / deaths).toFixed(2),
    'K/R Ratio': (kills / rounds).toFixed(2),
    ADR: (damage / rounds).toFixed(1),
    Damage: s(damage),
    MVPs: s(Math.min(rounds, pick('mvp', 6))),
    'Double Kills': s(double),
    'Triple Kills': s(triple),
    'Quadro Kills': s(quadro),
    'Penta Kills': s(penta),
    'First Kills': s(entryWins),
    'Entry Count': s(entries),
    'Entry Wins': s(entryWins),
    '1v1Count': s(oneVsOne),
    '1v1Wins': s(oneVsOne === 0 ? 0 : pick('1v1-wins', oneVsOne + 1)),
    '1v2Count': s(oneVsTwo),
    '1v2Wins': s(oneVsTwo === 0 ? 0 : pick('1v2-wins', 2) * oneVsTwo),
    'Utility Damage': s(pick('utility', 250)),
    'Flash Successes': s(pick('flash', 12)),
    'Sniper Kills': s(pick('awp', 4) === 0 ? Math.floor(kills / 2) : 0),
    Result: won ? '1' : '0',
  };
}

/** Five players when the roster has fewer (a stand-in keeps a nickname and an id of its own). */
function fivePlayers(roster: FaceitRosterPlayer[] | undefined, faction: Faction, matchId: string): { player_id: string; nickname: string }[] {
  return Array.from({ length: 5 }, (_, i) => {
    const player = roster?.[i];
    return player?.player_id
      ? { player_id: player.player_id, nickname: player.nickname ?? player.player_id }
      : { player_id: `stand-in-${faction}-${i}-${matchId.slice(-6)}`, nickname: `standin_${faction.slice(-1)}_${i + 1}` };
  });
}

/** GET matches/{id}/stats for a finished match, or null when it has none (no result yet). */
export function faceitMatchStats(match: FaceitMatch): FaceitMatchStats | null {
  const { maps, bestOf: best } = playedMaps(match);
  if (maps.length === 0) return null;
  const teamId = (faction: Faction) => match.teams?.[faction]?.faction_id ?? faction;
  return {
    rounds: maps.map((m, index) => {
      const rounds = m.score[0] + m.score[1];
      const winner: Faction = m.score[0] > m.score[1] ? 'faction1' : 'faction2';
      const seed = `${match.match_id}:${index}`;
      const players = { faction1: fivePlayers(match.teams?.faction1?.roster, 'faction1', match.match_id), faction2: fivePlayers(match.teams?.faction2?.roster, 'faction2', match.match_id) };
      // Each side kills about 3.4 a round it wins and 2.2 a round it loses; the other side dies as often.
      const kills = (own: number, theirs: number, faction: Faction) => split(Math.min(5 * rounds, Math.round(own * 3.4 + theirs * 2.2)), 5, 5 * rounds, `${seed}:${faction}:kills`);
      const kills1 = kills(m.score[0], m.score[1], 'faction1');
      const kills2 = kills(m.score[1], m.score[0], 'faction2');
      const total = (values: number[]) => values.reduce((a, b) => a + b, 0);
      const deaths1 = split(total(kills2), 5, rounds, `${seed}:faction1:deaths`);
      const deaths2 = split(total(kills1), 5, rounds, `${seed}:faction2:deaths`);
      const team = (faction: Faction, side: 0 | 1, ownKills: number[], ownDeaths: number[]) => ({
        team_id: teamId(faction),
        premade: true,
        team_stats: {
          Team: `team_${match.teams?.[faction]?.name ?? faction}`,
          'Team Win': winner === faction ? '1' : '0',
          'First Half Score': String(m.halves[side][0]),
          'Second Half Score': String(m.halves[side][1]),
          'Overtime score': String(m.overtime[side]),
          'Final Score': String(m.score[side]),
        },
        players: players[faction].map((player, i) => ({
          player_id: player.player_id,
          nickname: player.nickname,
          player_stats: playerStats(ownKills[i] as number, ownDeaths[i] as number, rounds, winner === faction, `${seed}:${player.player_id}`),
        })),
      });
      return {
        best_of: String(best),
        game_id: 'cs2',
        game_mode: '5v5',
        match_id: match.match_id,
        match_round: String(index + 1),
        played: '1',
        round_stats: { Map: m.map, Region: match.region ?? 'US', Rounds: String(rounds), Score: `${m.score[0]} / ${m.score[1]}`, Winner: teamId(winner) },
        teams: [team('faction1', 0, kills1, deaths1), team('faction2', 1, kills2, deaths2)],
      };
    }),
  };
}
