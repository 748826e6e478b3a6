import { ACTIVE_DUTY_MAPS } from '@campus-elo/domain';
import type { Insertable } from 'kysely';
import type { MatchMapPlayers, MatchMaps, MatchVetoes, PlayerSeasons } from '../schema';
import { createGamerTags } from './names';
import { simulateMap, type Shooter } from './player-lines';
import { createRandom, type Random } from './random';
import type { MatchPlan } from './schedule';

/** The maps, veto steps and player lines of a run of matches, in foreign-key order. */
export interface MatchDetailsRows {
  maps: Insertable<MatchMaps>[];
  vetoes: Insertable<MatchVetoes>[];
  lines: Insertable<MatchMapPlayers>[];
}

/** A rostered player, as a lineup needs them. */
export interface RosterPlayer {
  id: string;
  name: string;
  elo: number;
  benched: boolean;
  team_id?: string | null;
  faceit_id?: string | null;
  steam_id?: string | null;
}

type Side = 1 | 2;

/** A lineup slot: a rostered player, or a stand-in the league does not know (unlinked, as an import leaves one). */
interface Slot {
  player: RosterPlayer | null;
  nickname: string;
  platformId: string | null;
  shooter: Shooter;
}

/** Matches per batch: a few thousand lines, written and then let go. */
const MATCHES_PER_BATCH = 500;
const LINEUP_SIZE = 5;
/** Share of lineups in which an outsider stands in for one player. */
const STAND_IN_CHANCE = 0.04;
/** Share of players who carry the sniper rifle for their team. */
const AWPER_SHARE = 0.2;
/** Chance a team bans its weakest remaining map and picks its best one (rather than any). */
const VETO_BY_PREFERENCE = 0.75;
/** How much likelier the loser of a series took a map it picked than any other. */
const OWN_PICK_WEIGHT = 3;

/** The veto before the decider, by best-of, alternating sides from the team that starts. */
const VETO_STEPS: Readonly<Record<number, readonly ('ban' | 'pick')[]>> = {
  1: ['ban', 'ban', 'ban', 'ban', 'ban', 'ban'],
  3: ['ban', 'ban', 'pick', 'pick', 'ban', 'ban'],
  5: ['ban', 'ban', 'pick', 'pick', 'pick', 'pick'],
};

/**
 * The details of every played match, built batch by batch as they are taken: a scale league
 * has millions of player lines, which would not fit in memory beside the rest of it. Each
 * match draws from its own random stream (named after `seed` and its id) and each team's map
 * preferences from one named after the team, so every pass gives the same rows.
 *
 * A match's maps agree with its score: a best-of-one (a winner with 13 rounds or more) is one
 * map with the match's rounds; a series (a winner with 2 or 3) has as many maps as were needed,
 * the winner taking the last. The veto of the Active Duty pool names the picks the maps were,
 * and the decider (a best-of-one's only map, a best-of-three's third). Each map has ten lines:
 * each team's five from its roster of the match's season (others of the team when that roster
 * has fewer than five), played out round by round (player-lines.ts).
 */
export function matchDetails(options: {
  seed: string;
  matches: readonly MatchPlan[];
  players: readonly RosterPlayer[];
  playerSeasons: readonly Insertable<PlayerSeasons>[];
}): Iterable<MatchDetailsRows> {
  const { seed, matches, players, playerSeasons } = options;
  return {
    *[Symbol.iterator]() {
      const rosters = new Rosters(seed, players, playerSeasons);
      const preferences = new Map<string, readonly string[]>();
      const mapsOf = (teamId: string) => {
        let ranked = preferences.get(teamId);
        if (!ranked) {
          ranked = createRandom(`${seed}:map-pool:${teamId}`).shuffled(ACTIVE_DUTY_MAPS);
          preferences.set(teamId, ranked);
        }
        return ranked;
      };
      const played = matches.filter((m) => m.status === 'completed' && m.score1 !== null && m.score2 !== null);
      for (let start = 0; start < played.length; start += MATCHES_PER_BATCH) {
        const batch: MatchDetailsRows = { maps: [], vetoes: [], lines: [] };
        for (const match of played.slice(start, start + MATCHES_PER_BATCH)) addMatch(batch, createRandom(`${seed}:match-details:${match.id}`), match, rosters, mapsOf);
        yield batch;
      }
    },
  };
}

/** Who played for a team in a season, and each player's lasting style (aim, headshots, rifle). */
class Rosters {
  private readonly bySeason = new Map<string, RosterPlayer[]>();
  private readonly byTeam = new Map<string, RosterPlayer[]>();
  private readonly styles = new Map<string, Omit<Shooter, 'skill'> & { aim: number }>();

  constructor(
    private readonly seed: string,
    players: readonly RosterPlayer[],
    playerSeasons: readonly Insertable<PlayerSeasons>[],
  ) {
    const byId = new Map(players.map((p) => [p.id, p]));
    for (const row of playerSeasons) {
      const player = byId.get(row.player_id);
      if (!player || !row.team_id) continue;
      push(this.bySeason, `${row.season_id}:${row.team_id}`, player);
      // A team's whole roster, once each: the stand-ins for a season it was short.
      const team = this.byTeam.get(row.team_id);
      if (!team?.includes(player)) push(this.byTeam, row.team_id, player);
    }
  }

  season(seasonId: string, teamId: string): readonly RosterPlayer[] {
    return this.bySeason.get(`${seasonId}:${teamId}`) ?? [];
  }

  team(teamId: string): readonly RosterPlayer[] {
    return this.byTeam.get(teamId) ?? [];
  }

  shooter(player: RosterPlayer): Shooter {
    let style = this.styles.get(player.id);
    if (!style) {
      const random = createRandom(`${this.seed}:player-style:${player.id}`);
      style = { aim: Math.exp(0.15 * random.normal()), headshotRate: 0.32 + 0.3 * random.next(), sniperShare: random.chance(AWPER_SHARE) ? 0.35 + 0.2 * random.next() : 0.02 };
      this.styles.set(player.id, style);
    }
    return { skill: skillOf(player.elo) * style.aim, headshotRate: style.headshotRate, sniperShare: style.sniperShare };
  }
}

function push<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** Duel strength from a player's FACEIT Elo: 800 points of Elo double it. */
function skillOf(elo: number): number {
  return 2 ** ((elo - 1500) / 800);
}

function addMatch(rows: MatchDetailsRows, random: Random, match: MatchPlan, rosters: Rosters, mapsOf: (teamId: string) => readonly string[]): void {
  const score: [number, number] = [match.score1 as number, match.score2 as number];
  const winner: Side = score[0] > score[1] ? 1 : 2;
  const bestOfOne = Math.max(...score) >= 13;
  const bestOf = bestOfOne ? 1 : 2 * Math.max(...score) - 1;
  const teams = { 1: match.team1.id, 2: match.team2.id } as const;
  const seasonId = match.competition.season.id;
  const source = match.competition.platform === 'faceit' ? 'faceit' : 'leaguespot';

  const veto = vetoSteps(random, bestOf, (side) => mapsOf(teams[side]));
  veto.forEach((step, index) =>
    rows.vetoes.push({
      match_id: match.id,
      step: index + 1,
      side: step.side,
      action: step.action,
      map: step.map,
      season_id: seasonId,
      team_id: step.side === null ? null : teams[step.side],
    }),
  );
  // Picks in veto order, then the decider; a series stops once a team has its maps.
  const pool = [...veto.filter((s) => s.action === 'pick'), ...veto.filter((s) => s.action === 'decider')];
  const mapCount = bestOfOne ? 1 : score[0] + score[1];
  const winners = bestOfOne ? [winner] : seriesWinners(random, pool.slice(0, mapCount).map((s) => s.side), winner, Math.min(...score));
  const lineups = { 1: lineup(random, rosters, seasonId, teams[1], match), 2: lineup(random, rosters, seasonId, teams[2], match) } as const;
  const closeness = 1 - Math.min(1, Math.abs(mean(lineups[1]) - mean(lineups[2])) / 2);

  winners.forEach((mapWinner, index) => {
    const { side: pickedBy, map } = pool[index] as VetoStep;
    const [won, lost] = bestOfOne ? [Math.max(...score), Math.min(...score)] : mapScore(random, closeness);
    const rounds: [number, number] = mapWinner === 1 ? [won, lost] : [lost, won];
    const halves = halfScores(random, rounds);
    const number = index + 1;
    rows.maps.push({
      match_id: match.id,
      number,
      map,
      score_team1: rounds[0],
      score_team2: rounds[1],
      winner_side: mapWinner,
      picked_by_side: pickedBy,
      ...halves,
      source,
      season_id: seasonId,
      team1_id: teams[1],
      team2_id: teams[2],
    });
    const slots = [...lineups[1], ...lineups[2]];
    // A day's form moves each player's aim a little from map to map.
    const shooters = slots.map((slot) => ({ ...slot.shooter, skill: slot.shooter.skill * Math.exp(0.15 * random.normal()) }));
    simulateMap(random, shooters, rounds).forEach((counts, i) => {
      const side: Side = i < LINEUP_SIZE ? 1 : 2;
      const slot = slots[i] as Slot;
      rows.lines.push({
        match_id: match.id,
        map_number: number,
        side,
        player_id: slot.player?.id ?? null,
        nickname: slot.nickname,
        platform_player_id: slot.platformId,
        ...counts,
        // FACEIT's match statistics carry no KAST (issue 24), so its lines leave it unknown.
        kast_rounds: source === 'faceit' ? null : counts.kast_rounds,
        map,
        season_id: seasonId,
        team_id: teams[side],
      });
    });
  });
}

interface VetoStep {
  side: Side | null;
  action: 'ban' | 'pick' | 'decider';
  map: string;
}

/**
 * The veto of the Active Duty pool for a best-of: the starting side drawn, then alternating
 * bans and picks, each team mostly banning its weakest remaining map and picking its best,
 * and the map left over as the decider.
 */
function vetoSteps(random: Random, bestOf: number, preferences: (side: Side) => readonly string[]): VetoStep[] {
  const actions = VETO_STEPS[bestOf];
  if (!actions) throw new RangeError(`No veto for a best-of-${bestOf}`);
  const left = new Set<string>(ACTIVE_DUTY_MAPS);
  const starts: Side = random.chance(0.5) ? 1 : 2;
  const steps: VetoStep[] = actions.map((action, index) => {
    const side: Side = index % 2 === 0 ? starts : starts === 1 ? 2 : 1;
    const ranked = preferences(side).filter((map) => left.has(map));
    const map = random.chance(VETO_BY_PREFERENCE) ? (action === 'pick' ? ranked[0] : ranked.at(-1)) : random.pick(ranked);
    left.delete(map as string);
    return { side, action, map: map as string };
  });
  steps.push({ side: null, action: 'decider', map: [...left][0] as string });
  return steps;
}

/**
 * Who won each map of a series the loser took `loserMaps` of: the winner takes the last, and
 * the loser's maps are drawn among the others, more likely the ones it picked.
 */
function seriesWinners(random: Random, pickedBy: readonly (Side | null)[], winner: Side, loserMaps: number): Side[] {
  const loser: Side = winner === 1 ? 2 : 1;
  const winners: Side[] = pickedBy.map(() => winner);
  const open = pickedBy.slice(0, -1).map((side, index) => ({ index, weight: side === loser ? OWN_PICK_WEIGHT : 1 }));
  for (let n = 0; n < loserMaps; n++) {
    let roll = random.next() * open.reduce((sum, o) => sum + o.weight, 0);
    const at = open.findIndex((o) => (roll -= o.weight) < 0);
    const [taken] = open.splice(at === -1 ? open.length - 1 : at, 1);
    winners[(taken as { index: number }).index] = loser;
  }
  return winners;
}

/**
 * A map's rounds as [winner, loser]: first to 13 in regulation (MR12), or after 12-12 as many
 * overtimes of six rounds as it takes (first to 4 in one: 16-14, 19-17...). Close teams go
 * longer.
 */
function mapScore(random: Random, closeness: number): [number, number] {
  if (random.chance(0.05 + 0.07 * closeness)) {
    let overtimes = 1;
    while (overtimes < 4 && random.chance(0.3)) overtimes += 1;
    const level = 12 + 3 * (overtimes - 1);
    return [level + 4, level + random.int(0, 2)];
  }
  return [13, Math.min(11, Math.floor(random.next() * (5 + 7 * closeness)) + random.int(0, 2))];
}

/**
 * Half scores of a map (12 rounds a half in MR12) and its overtime rounds: the first half is
 * always played out; the winner takes at least the second half's last round; a map that went
 * past 24 rounds was 12-12 after regulation.
 */
function halfScores(
  random: Random,
  [rounds1, rounds2]: [number, number],
): Pick<Insertable<MatchMaps>, 'half1_team1' | 'half1_team2' | 'half2_team1' | 'half2_team2' | 'overtime_team1' | 'overtime_team2'> {
  if (rounds1 + rounds2 > 24) {
    const first1 = binomial(random, 12, 0.5);
    return { half1_team1: first1, half1_team2: 12 - first1, half2_team1: 12 - first1, half2_team2: first1, overtime_team1: rounds1 - 12, overtime_team2: rounds2 - 12 };
  }
  const [won, lost] = rounds1 > rounds2 ? [rounds1, rounds2] : [rounds2, rounds1];
  const lostFirst = Math.min(lost, binomial(random, 12, lost / (won + lost)));
  const wonFirst = 12 - lostFirst;
  const [first1, first2] = rounds1 > rounds2 ? [wonFirst, lostFirst] : [lostFirst, wonFirst];
  return { half1_team1: first1, half1_team2: first2, half2_team1: rounds1 - first1, half2_team2: rounds2 - first2, overtime_team1: null, overtime_team2: null };
}

function binomial(random: Random, trials: number, p: number): number {
  let hits = 0;
  for (let i = 0; i < trials; i++) if (random.chance(p)) hits += 1;
  return hits;
}

function mean(slots: readonly Slot[]): number {
  return Math.log2(slots.reduce((sum, s) => sum + s.shooter.skill, 0) / slots.length);
}

/**
 * Five for one team: its season's regulars in random order, then its bench, then players of
 * its other seasons, and now and then an outsider standing in, known only by a nickname and
 * the platform's id.
 */
function lineup(random: Random, rosters: Rosters, seasonId: string, teamId: string, match: MatchPlan): Slot[] {
  const season = rosters.season(seasonId, teamId);
  const others = rosters.team(teamId).filter((p) => !season.includes(p));
  const ordered = [...random.shuffled(season.filter((p) => !p.benched)), ...random.shuffled(season.filter((p) => p.benched)), ...random.shuffled(others)];
  const chosen = ordered.slice(0, random.chance(STAND_IN_CHANCE) ? LINEUP_SIZE - 1 : LINEUP_SIZE);
  const faceit = match.competition.platform === 'faceit';
  const slots: Slot[] = chosen.map((player) => ({
    player,
    nickname: player.name,
    platformId: (faceit ? player.faceit_id : player.steam_id) ?? null,
    shooter: rosters.shooter(player),
  }));
  while (slots.length < LINEUP_SIZE) {
    let nickname = createGamerTags(random, 1)[0] as string;
    while (slots.some((s) => s.nickname === nickname)) nickname += String(random.int(0, 9));
    // An outsider plays a little below the team they help out.
    const teamSkill = chosen.length > 0 ? chosen.reduce((sum, p) => sum + skillOf(p.elo), 0) / chosen.length : skillOf(1000);
    slots.push({ player: null, nickname, platformId: faceit ? random.uuid() : null, shooter: { skill: 0.8 * teamSkill, headshotRate: 0.4, sniperShare: 0.02 } });
  }
  return slots;
}
