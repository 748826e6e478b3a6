import { ledgerColumnsOf, LEDGER_WINNER, replayLedgerColumns, type LedgerColumns, type ReplayMatch, type ReplayTeam } from '../replay';
import type { RatedMatches } from './systems';

export interface RatedHistory {
  /** Team ids; seeds[i] is teamIds[i]'s starting Elo. */
  teamIds: string[];
  seeds: Float64Array;
  /** The rated matches' ids in ledger order, matching `matches`. */
  matchIds: string[];
  matches: RatedMatches;
}

/** Rated matches in ledger order, as indices into the ledger's matches (ledgerOrder[i] is rated match i). */
export interface RatedColumns {
  ledgerOrder: Uint32Array;
  matches: RatedMatches;
}

/**
 * The matches that count, in ledger order, as the live replay (replayLedgerColumns) decides
 * both: the same rule and order as Recalculate All. Each team's seed is its starting Elo
 * (ledger.teamElo); callers give no adjustments, so every setting starts from the same seeds.
 */
export function ratedColumns(ledger: LedgerColumns): RatedColumns {
  const { appliedOrder } = replayLedgerColumns(ledger);
  const count = appliedOrder.length;
  const matches: RatedMatches = { team1: new Int32Array(count), team2: new Int32Array(count), team1Won: new Uint8Array(count) };
  for (let i = 0; i < count; i += 1) {
    const match = appliedOrder[i] as number;
    matches.team1[i] = ledger.team1[match] as number;
    matches.team2[i] = ledger.team2[match] as number;
    matches.team1Won[i] = ledger.winner[match] === LEDGER_WINNER.team1 ? 1 : 0;
  }
  return { ledgerOrder: appliedOrder, matches };
}

/** ratedColumns on objects. */
export function ratedHistory(teams: readonly ReplayTeam[], matches: readonly ReplayMatch[]): RatedHistory {
  const { unique, completed, columns } = ledgerColumnsOf(teams, matches);
  const rated = ratedColumns(columns);
  return {
    teamIds: unique.map((t) => t.id),
    seeds: columns.teamElo,
    matchIds: Array.from(rated.ledgerOrder, (i) => (completed[i] as ReplayMatch).id),
    matches: rated.matches,
  };
}
