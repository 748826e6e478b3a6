/**
 * The rules a match's map details must meet before anything is written (issue 24): each
 * broken rule names its field (a path into the input) and the reason, for a 400.
 */
export interface MapDetailsProblem {
  field: string;
  reason: string;
}

export interface MapDetailsInput {
  /** The match's own score: maps won in a series, rounds in a best-of-one (one map). */
  match: { score_team1: number | null; score_team2: number | null };
  maps: {
    map: string;
    score_team1: number;
    score_team2: number;
    players: { side: 1 | 2; player_id: string | null; nickname: string; counts: Record<string, number | null | undefined> }[];
  }[];
  vetoes: { map: string }[];
}

export function mapDetailsProblems(input: MapDetailsInput): MapDetailsProblem[] {
  const problems: MapDetailsProblem[] = [];
  const { score_team1: matchScore1, score_team2: matchScore2 } = input.match;
  input.maps.forEach((map, index) => {
    if (map.score_team1 < 0 || map.score_team2 < 0) problems.push({ field: `maps.${index}.score`, reason: 'A map score cannot be negative.' });
    const seen = new Map<string, 1 | 2>();
    map.players.forEach((line, lineIndex) => {
      const who = line.player_id ?? `nickname:${line.nickname.toLowerCase()}`;
      const side = seen.get(who);
      if (side !== undefined && side !== line.side) {
        problems.push({ field: `maps.${index}.players.${lineIndex}`, reason: `${line.nickname} is listed on both sides.` });
      }
      seen.set(who, line.side);
      for (const [name, value] of Object.entries(line.counts)) {
        if (typeof value === 'number' && (value < 0 || !Number.isInteger(value))) {
          problems.push({ field: `maps.${index}.players.${lineIndex}.${name}`, reason: `${name} must be a whole number, 0 or more.` });
        }
      }
    });
  });
  if (input.maps.length > 0 && matchScore1 !== null && matchScore2 !== null) {
    if (input.maps.length === 1 && matchScore1 + matchScore2 > 1) {
      const [only] = input.maps;
      if (only!.score_team1 !== matchScore1 || only!.score_team2 !== matchScore2) {
        problems.push({ field: 'maps.0.score', reason: `The map's score ${only!.score_team1}-${only!.score_team2} contradicts the match score ${matchScore1}-${matchScore2}.` });
      }
    } else {
      const won1 = input.maps.filter((map) => map.score_team1 > map.score_team2).length;
      const won2 = input.maps.filter((map) => map.score_team2 > map.score_team1).length;
      if (won1 !== matchScore1 || won2 !== matchScore2) {
        problems.push({ field: 'maps', reason: `The maps won (${won1}-${won2}) contradict the match score ${matchScore1}-${matchScore2}.` });
      }
    }
  }
  const vetoed = new Set<string>();
  input.vetoes.forEach((veto, index) => {
    if (vetoed.has(veto.map)) problems.push({ field: `vetoes.${index}.map`, reason: `${veto.map} is named twice in the veto.` });
    vetoed.add(veto.map);
  });
  const played = new Set<string>();
  input.maps.forEach((map, index) => {
    if (played.has(map.map)) problems.push({ field: `maps.${index}.map`, reason: `${map.map} is played twice in one match.` });
    played.add(map.map);
  });
  return problems;
}
