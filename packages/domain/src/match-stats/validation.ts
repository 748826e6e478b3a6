/**
 * The rules a match's map details must meet before anything is written (issue 24): each
 * broken rule names its field (a path into the input) and the reason, for a 400.
 */
export interface MapDetailsProblem {
  field: string;
  reason: string;
}

type Side = 1 | 2;
type Pair = { team1: number; team2: number };

export interface MapDetailsInput {
  /** The match's own score: maps won in a series, rounds in a best-of-one (one map). */
  match: { score_team1: number | null; score_team2: number | null };
  maps: {
    map: string;
    score_team1: number;
    score_team2: number;
    halves?: { team1: [number, number]; team2: [number, number] } | null;
    overtime?: Pair | null;
    /** `player_id` is our player, after linking by platform id; null for an unlinked line. */
    players: { side: Side; player_id: string | null; nickname: string; counts: Record<string, number | null | undefined> }[];
  }[];
  /** `side` and `action` are optional for callers that only check the maps named. */
  vetoes: { map: string; side?: Side | null; action?: 'ban' | 'pick' | 'decider' }[];
}

/** Five players and substitutes fit; ten on one side is a whole scoreboard pasted into one team. */
export const MAX_LINES_PER_SIDE = 9;

/** The rounds a map had: every line on it played them all. */
export const mapRounds = (map: { score_team1: number; score_team2: number }): number => map.score_team1 + map.score_team2;

/** The side that won a map by rounds; null for a draw. */
export const mapWinnerSide = (map: { score_team1: number; score_team2: number }): Side | null =>
  map.score_team1 > map.score_team2 ? 1 : map.score_team2 > map.score_team1 ? 2 : null;

export function mapDetailsProblems(input: MapDetailsInput): MapDetailsProblem[] {
  return [...mapProblems(input), ...lineProblems(input), ...seriesProblems(input), ...vetoProblems(input)];
}

function mapProblems(input: MapDetailsInput): MapDetailsProblem[] {
  const problems: MapDetailsProblem[] = [];
  const played = new Set<string>();
  input.maps.forEach((map, index) => {
    if (map.score_team1 < 0 || map.score_team2 < 0) problems.push({ field: `maps.${index}.score`, reason: 'A map score cannot be negative.' });
    if (played.has(map.map)) problems.push({ field: `maps.${index}.map`, reason: `${map.map} is played twice in one match.` });
    played.add(map.map);
    if (map.halves) {
      const overtime = map.overtime ?? { team1: 0, team2: 0 };
      const team1 = map.halves.team1[0] + map.halves.team1[1] + overtime.team1;
      const team2 = map.halves.team2[0] + map.halves.team2[1] + overtime.team2;
      if (team1 !== map.score_team1 || team2 !== map.score_team2) {
        problems.push({ field: `maps.${index}.halves`, reason: `The halves and overtime add up to ${team1}-${team2}, not the map's score ${map.score_team1}-${map.score_team2}.` });
      }
    }
  });
  return problems;
}

/** Each line's counts against each other and the map's rounds; each player once per map, on one side per match. */
function lineProblems(input: MapDetailsInput): MapDetailsProblem[] {
  const problems: MapDetailsProblem[] = [];
  const sideOfPlayer = new Map<string, Side>();
  input.maps.forEach((map, index) => {
    const rounds = mapRounds(map);
    const onThisMap = new Set<string>();
    const nicknames = new Set<string>();
    const perSide = { 1: 0, 2: 0 };
    map.players.forEach((line, lineIndex) => {
      const field = `maps.${index}.players.${lineIndex}`;
      const who = line.player_id ?? `nickname:${line.nickname.toLowerCase()}`;
      const side = sideOfPlayer.get(who);
      if (side !== undefined && side !== line.side) problems.push({ field, reason: `${line.nickname} is listed on both sides.` });
      else if (onThisMap.has(who)) problems.push({ field, reason: `${line.nickname} is listed twice on this map.` });
      else if (nicknames.has(`${line.side}:${line.nickname}`)) problems.push({ field: `${field}.nickname`, reason: `The nickname ${line.nickname} is used twice on one side.` });
      sideOfPlayer.set(who, line.side);
      onThisMap.add(who);
      nicknames.add(`${line.side}:${line.nickname}`);
      perSide[line.side] += 1;
      if (perSide[line.side] === MAX_LINES_PER_SIDE + 1) {
        problems.push({ field: `maps.${index}.players`, reason: `A side lists at most ${MAX_LINES_PER_SIDE} players; side ${line.side} lists more.` });
      }
      problems.push(...countProblems(line.counts, rounds, field));
    });
  });
  return problems;
}

function countProblems(counts: Record<string, number | null | undefined>, rounds: number, field: string): MapDetailsProblem[] {
  const problems: MapDetailsProblem[] = [];
  let wellFormed = true;
  for (const [name, value] of Object.entries(counts)) {
    if (typeof value === 'number' && (value < 0 || !Number.isInteger(value))) {
      problems.push({ field: `${field}.${name}`, reason: `${name} must be a whole number, 0 or more.` });
      wellFormed = false;
    }
  }
  if (!wellFormed) return problems;
  const value = (name: string) => counts[name] ?? null;
  const atMost = (name: string, limit: number | null, reason: string) => {
    const count = value(name);
    if (count !== null && limit !== null && count > limit) problems.push({ field: `${field}.${name}`, reason });
  };
  atMost('deaths', rounds, `deaths cannot exceed the map's ${rounds} rounds.`);
  atMost('kills', 5 * rounds, `kills cannot exceed five a round (${5 * rounds}).`);
  atMost('assists', 5 * rounds, `assists cannot exceed five a round (${5 * rounds}).`);
  atMost('kast_rounds', rounds, `kast_rounds cannot exceed the map's ${rounds} rounds.`);
  atMost('headshots', value('kills'), 'headshots cannot exceed kills.');
  atMost('entry_wins', value('entry_attempts'), 'entry_wins cannot exceed entry_attempts.');
  atMost('clutch_wins', value('clutch_attempts'), 'clutch_wins cannot exceed clutch_attempts.');
  const multi = ['kills_2k', 'kills_3k', 'kills_4k', 'kills_5k'].map(value);
  const kills = value('kills');
  if (kills !== null && multi.every((count) => count !== null)) {
    const multiKills = 2 * multi[0]! + 3 * multi[1]! + 4 * multi[2]! + 5 * multi[3]!;
    if (multiKills > kills) problems.push({ field: `${field}.kills_2k`, reason: `The multi-kill rounds account for ${multiKills} kills, more than the ${kills} kills.` });
  }
  return problems;
}

/** A series' score is the maps won; a best-of-one's score is its one map's rounds. */
function seriesProblems(input: MapDetailsInput): MapDetailsProblem[] {
  const { score_team1: matchScore1, score_team2: matchScore2 } = input.match;
  if (input.maps.length === 0 || matchScore1 === null || matchScore2 === null) return [];
  if (input.maps.length === 1 && matchScore1 + matchScore2 > 1) {
    const only = input.maps[0]!;
    if (only.score_team1 === matchScore1 && only.score_team2 === matchScore2) return [];
    return [{ field: 'maps.0.score', reason: `The map's score ${only.score_team1}-${only.score_team2} contradicts the match score ${matchScore1}-${matchScore2}.` }];
  }
  const won1 = input.maps.filter((map) => mapWinnerSide(map) === 1).length;
  const won2 = input.maps.filter((map) => mapWinnerSide(map) === 2).length;
  if (won1 === matchScore1 && won2 === matchScore2) return [];
  return [{ field: 'maps', reason: `The maps won (${won1}-${won2}) contradict the match score ${matchScore1}-${matchScore2}.` }];
}

function vetoProblems(input: MapDetailsInput): MapDetailsProblem[] {
  const problems: MapDetailsProblem[] = [];
  const vetoed = new Set<string>();
  const played = new Set(input.maps.map((map) => map.map));
  input.vetoes.forEach((veto, index) => {
    if (vetoed.has(veto.map)) problems.push({ field: `vetoes.${index}.map`, reason: `${veto.map} is named twice in the veto.` });
    else if (veto.action === 'ban' && played.has(veto.map)) problems.push({ field: `vetoes.${index}.map`, reason: `${veto.map} is banned in the veto but played.` });
    vetoed.add(veto.map);
    if (veto.action === 'decider' && veto.side != null) problems.push({ field: `vetoes.${index}.side`, reason: 'The decider is no team’s choice: leave its side empty.' });
    if ((veto.action === 'ban' || veto.action === 'pick') && veto.side === null) {
      problems.push({ field: `vetoes.${index}.side`, reason: `A ${veto.action} is made by a team: give its side (1 or 2).` });
    }
  });
  return problems;
}
