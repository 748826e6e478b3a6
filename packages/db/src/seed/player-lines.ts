import type { Random } from './random';

/** One of the ten players on a map, as the simulation needs them. */
export interface Shooter {
  /** Relative chance to win a duel: kills go more often to higher values. */
  skill: number;
  /** Share of kills that are headshots, and of kills with a sniper rifle. */
  headshotRate: number;
  sniperShare: number;
}

/** A player's counts over one map: every column of a line the simulation knows. */
export interface LineCounts {
  rounds: number;
  kills: number;
  deaths: number;
  assists: number;
  headshots: number;
  damage: number;
  mvps: number;
  kills_2k: number;
  kills_3k: number;
  kills_4k: number;
  kills_5k: number;
  first_kills: number;
  entry_attempts: number;
  entry_wins: number;
  clutch_attempts: number;
  clutch_wins: number;
  utility_damage: number;
  flash_successes: number;
  sniper_kills: number;
  kast_rounds: number;
}

const SIDE_SIZE = 5;
/** Share of rounds the losers lose all five players; otherwise the bomb or the clock ends it with some alive. */
const LOSERS_WIPED = 0.78;
/** Chance that the next death in a round is one of the round's winners (while more than one is alive). */
const WINNER_DEATH = 0.38;
const ASSIST_CHANCE = 0.42;

const counter = () => new Int32Array(2 * SIDE_SIZE);
const counters = [counter(), counter(), counter(), counter(), counter(), counter(), counter(), counter(), counter(), counter(), counter(), counter(), counter(), counter(), counter()] as const;
const skill = new Float64Array(2 * SIDE_SIZE);
const frailty = new Float64Array(2 * SIDE_SIZE);
const alive = new Uint8Array(2 * SIDE_SIZE);
const roundKills = new Int32Array(2 * SIDE_SIZE);
const involved = new Uint8Array(2 * SIDE_SIZE);
const killedBy = new Int32Array(2 * SIDE_SIZE);

/**
 * Plays a map out round by round, duel by duel, for ten shooters (0 to 4 on side 1, 5 to 9 on
 * side 2), given the rounds each side won, and counts every column of their lines. A death is
 * always a kill by the other side, so the totals agree with each other as on a real
 * scoreboard: one side's kills are the other's deaths, one first kill and two entry attempts
 * a round, multi-kill rounds inside the kills, a clutch only for the last one alive.
 */
export function simulateMap(random: Random, shooters: readonly Shooter[], roundsWon: readonly [number, number]): LineCounts[] {
  const rounds = roundsWon[0] + roundsWon[1];
  const players = shooters.length;
  if (players !== 2 * SIDE_SIZE) throw new RangeError(`simulateMap: ${players} players, not ${2 * SIDE_SIZE}`);
  for (let i = 0; i < players; i++) {
    skill[i] = shooters[i]!.skill;
    frailty[i] = 1 / shooters[i]!.skill;
  }
  // Counts in flat arrays, one slot a player, reused from map to map: this runs for millions of maps at scale.
  const [kills, deaths, assists, headshots, sniperKills, mvps, kills2k, kills3k, kills4k, kills5k, firstKills, entryAttempts, clutchAttempts, clutchWins, kastRounds] = counters;
  for (const counter of counters) counter.fill(0);
  const multiKills = [kills2k, kills3k, kills4k, kills5k] as const;
  const aliveCount = [0, 0];
  const clutcher = [-1, -1];

  for (let round = 0; round < rounds; round++) {
    const winner = round < roundsWon[0] ? 0 : 1;
    const loser = 1 - winner;
    alive.fill(1);
    roundKills.fill(0);
    involved.fill(0);
    killedBy.fill(-1);
    aliveCount[0] = SIDE_SIZE;
    aliveCount[1] = SIDE_SIZE;
    clutcher[0] = -1;
    clutcher[1] = -1;
    const loserFloor = random.chance(LOSERS_WIPED) ? 0 : random.int(1, 3);
    let first = true;
    while (aliveCount[loser]! > loserFloor) {
      const dying = aliveCount[winner]! > 1 && random.chance(WINNER_DEATH) ? winner : loser;
      const killer = pickAlive(random, skill, alive, 1 - dying);
      const victim = pickAlive(random, frailty, alive, dying);
      const shooter = shooters[killer]!;
      kills[killer]! += 1;
      if (random.chance(shooter.headshotRate)) headshots[killer]! += 1;
      if (random.chance(shooter.sniperShare)) sniperKills[killer]! += 1;
      roundKills[killer]! += 1;
      involved[killer] = 1;
      deaths[victim]! += 1;
      alive[victim] = 0;
      killedBy[victim] = killer;
      aliveCount[dying]! -= 1;
      if (first) {
        first = false;
        firstKills[killer]! += 1;
        entryAttempts[killer]! += 1;
        entryAttempts[victim]! += 1;
      }
      // A teammate who died to this victim is traded: it counts for KAST.
      for (let i = (1 - dying) * SIDE_SIZE; i < (2 - dying) * SIDE_SIZE; i++) if (killedBy[i] === victim) involved[i] = 1;
      if (random.chance(ASSIST_CHANCE)) {
        const helper = (1 - dying) * SIDE_SIZE + random.int(0, SIDE_SIZE - 1);
        if (helper !== killer) {
          assists[helper]! += 1;
          involved[helper] = 1;
        }
      }
      if (aliveCount[dying] === 1 && aliveCount[1 - dying]! > 0 && clutcher[dying] === -1) {
        clutcher[dying] = lastAlive(alive, dying);
        clutchAttempts[clutcher[dying]!]! += 1;
      }
    }
    if (clutcher[winner] !== -1) clutchWins[clutcher[winner]!]! += 1;

    let mvp = -1;
    for (let i = 0; i < players; i++) {
      if (involved[i] || alive[i]) kastRounds[i]! += 1;
      const killsThisRound = roundKills[i]!;
      if (killsThisRound >= 2) multiKills[killsThisRound - 2]![i]! += 1;
      if (Math.floor(i / SIDE_SIZE) === winner && (mvp === -1 || killsThisRound > roundKills[mvp]!)) mvp = i;
    }
    mvps[mvp]! += 1;
  }

  // Damage and utility are drawn per map, not per round: a kill is about 100 damage, an
  // assist half that, plus chip damage that killed no one.
  return shooters.map((_, i) => ({
    rounds,
    kills: kills[i]!,
    deaths: deaths[i]!,
    assists: assists[i]!,
    headshots: headshots[i]!,
    damage: Math.round(kills[i]! * (88 + 12 * random.next()) + assists[i]! * (35 + 20 * random.next()) + rounds * (2 + 8 * random.next())),
    mvps: mvps[i]!,
    kills_2k: kills2k[i]!,
    kills_3k: kills3k[i]!,
    kills_4k: kills4k[i]!,
    kills_5k: kills5k[i]!,
    first_kills: firstKills[i]!,
    entry_attempts: entryAttempts[i]!,
    entry_wins: firstKills[i]!,
    clutch_attempts: clutchAttempts[i]!,
    clutch_wins: clutchWins[i]!,
    utility_damage: Math.round(rounds * (1 + 7 * random.next())),
    flash_successes: Math.round(rounds * (0.08 + 0.35 * random.next())),
    sniper_kills: sniperKills[i]!,
    kast_rounds: kastRounds[i]!,
  }));
}

/** An alive player of `side`, drawn in proportion to `weight`. */
function pickAlive(random: Random, weight: Float64Array, alive: Uint8Array, side: number): number {
  const from = side * SIDE_SIZE;
  let total = 0;
  for (let i = from; i < from + SIDE_SIZE; i++) if (alive[i]) total += weight[i]!;
  let roll = random.next() * total;
  let chosen = -1;
  for (let i = from; i < from + SIDE_SIZE; i++) {
    if (!alive[i]) continue;
    chosen = i;
    roll -= weight[i]!;
    if (roll < 0) break;
  }
  return chosen;
}

function lastAlive(alive: Uint8Array, side: number): number {
  for (let i = side * SIDE_SIZE; i < (side + 1) * SIDE_SIZE; i++) if (alive[i]) return i;
  return -1;
}
