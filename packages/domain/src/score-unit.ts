// What a match's score counts. Faceit and Leaguespot give one score per side without saying:
// for a series (best of 1, 3 or 5) the maps each side won, for a single map its rounds. A
// series score never passes 3, and a CS2 map is played to 13 rounds (16 or more in overtime),
// so a score whose higher side is 3 or less is a series score in maps, any other in rounds.

export type ScoreUnit = 'maps' | 'rounds';

const MOST_MAPS_IN_A_SERIES = 3;

/** 'maps' for a series score (2-0), 'rounds' for a map's (13-9); null when there is no score. */
export function scoreUnit(score1: number | null, score2: number | null): ScoreUnit | null {
  if (score1 === null || score2 === null) return null;
  return Math.max(score1, score2) <= MOST_MAPS_IN_A_SERIES ? 'maps' : 'rounds';
}
