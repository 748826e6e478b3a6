import { ACTIVE_DUTY_MAPS, mapDetailsProblems } from '@campus-elo/domain';

// What the seed tests hold every seeded match's details to, for rows built in memory and rows
// read back from the database alike.

interface CheckedMatch {
  id?: string;
  status: string;
  forfeit?: boolean;
  score_team1?: number | null;
  score_team2?: number | null;
  team1_id: string;
  team2_id: string;
  season_id?: string | null;
}

interface CheckedMap {
  number: number;
  map: string;
  score_team1: number;
  score_team2: number;
  winner_side?: number | null;
  picked_by_side?: number | null;
  half1_team1?: number | null;
  half1_team2?: number | null;
  half2_team1?: number | null;
  half2_team2?: number | null;
  overtime_team1?: number | null;
  overtime_team2?: number | null;
  season_id?: string | null;
  team1_id?: string;
  team2_id?: string;
}

interface CheckedVeto {
  step: number;
  side?: number | null;
  action: string;
  map: string;
  team_id?: string | null;
}

type Count = number | null | undefined;

interface CheckedLine {
  map_number: number;
  side: number;
  player_id?: string | null;
  nickname: string;
  rounds: number;
  kills: number;
  deaths: number;
  assists: number;
  headshots?: Count;
  kills_2k?: Count;
  kills_3k?: Count;
  kills_4k?: Count;
  kills_5k?: Count;
  first_kills?: Count;
  entry_attempts?: Count;
  entry_wins?: Count;
  clutch_attempts?: Count;
  clutch_wins?: Count;
  kast_rounds?: Count;
  sniper_kills?: Count;
  map?: string;
  season_id?: string | null;
  team_id?: string;
}

const n = (value: Count) => value ?? 0;

const COUNTS = ['rounds', 'kills', 'deaths', 'assists', 'headshots', 'kills_2k', 'kills_3k', 'kills_4k', 'kills_5k', 'first_kills', 'entry_attempts', 'entry_wins', 'clutch_attempts', 'clutch_wins', 'kast_rounds', 'sniper_kills'] as const;

/** Every rule a match's seeded maps, veto and lines break; empty when they are consistent. */
export function matchDetailsBreaks(match: CheckedMatch, maps: readonly CheckedMap[], vetoes: readonly CheckedVeto[], lines: readonly CheckedLine[]): string[] {
  const breaks: string[] = [];
  const fail = (rule: string) => breaks.push(`${match.id ?? 'match'}: ${rule}`);
  const played = match.status === 'completed' && !match.forfeit;
  if (!played) {
    if (maps.length + vetoes.length + lines.length > 0) fail('a match not played has details');
    return breaks;
  }
  const score = [match.score_team1 as number, match.score_team2 as number] as const;
  const winner = score[0] > score[1] ? 1 : 2;
  const bestOfOne = Math.max(...score) >= 13;

  breaks.push(
    ...mapDetailsProblems({
      match: { score_team1: score[0], score_team2: score[1] },
      maps: maps.map((map) => ({
        ...map,
        players: lines
          .filter((l) => l.map_number === map.number)
          .map((l) => ({ side: l.side as 1 | 2, player_id: l.player_id ?? null, nickname: l.nickname, counts: Object.fromEntries(COUNTS.map((c) => [c, l[c]])) })),
      })),
      vetoes: vetoes.map((v) => ({ map: v.map, side: (v.side ?? null) as 1 | 2 | null, action: v.action as 'ban' | 'pick' | 'decider' })),
    }).map((p) => `${match.id ?? 'match'}: ${p.field}: ${p.reason}`),
  );

  if (maps.map((m) => m.number).join() !== maps.map((_, i) => i + 1).join()) fail('maps are not numbered 1..n');
  if (bestOfOne ? maps.length !== 1 : maps.length !== score[0] + score[1]) fail(`${maps.length} maps for a ${score[0]}-${score[1]}`);
  if (maps.at(-1)?.winner_side !== winner) fail('the match winner did not take the last map');
  for (const map of maps) {
    const rounds = [map.score_team1, map.score_team2];
    if (map.winner_side !== (rounds[0]! > rounds[1]! ? 1 : 2)) fail(`map ${map.number}: winner_side disagrees with its score`);
    if (map.team1_id !== match.team1_id || map.team2_id !== match.team2_id || map.season_id !== match.season_id) fail(`map ${map.number}: not the match's teams or season`);
    if (Math.max(...rounds) < 13) fail(`map ${map.number}: nobody reached 13`);
    if (n(map.half1_team1) + n(map.half1_team2) !== 12) fail(`map ${map.number}: the first half is not 12 rounds`);
    const overtime = rounds[0]! + rounds[1]! > 24;
    if (overtime !== (map.overtime_team1 != null)) fail(`map ${map.number}: overtime where there was none, or none where there was`);
    if (overtime && (n(map.half1_team1) + n(map.half2_team1) !== 12 || n(map.half1_team2) + n(map.half2_team2) !== 12)) fail(`map ${map.number}: overtime without 12-12`);
    if (n(map.half1_team1) + n(map.half2_team1) + n(map.overtime_team1) !== rounds[0] || n(map.half1_team2) + n(map.half2_team2) + n(map.overtime_team2) !== rounds[1]) {
      fail(`map ${map.number}: halves and overtime do not add up to the score`);
    }
  }

  const expected = bestOfOne ? ['ban', 'ban', 'ban', 'ban', 'ban', 'ban', 'decider'] : ['ban', 'ban', 'pick', 'pick', 'ban', 'ban', 'decider'];
  if (vetoes.map((v) => v.action).join() !== expected.join()) fail(`veto ${vetoes.map((v) => v.action).join()}`);
  if (vetoes.map((v) => v.step).join() !== vetoes.map((_, i) => i + 1).join()) fail('veto steps are not numbered 1..n');
  if ([...vetoes.map((v) => v.map)].sort().join() !== [...ACTIVE_DUTY_MAPS].sort().join()) fail('the veto is not the Active Duty pool');
  vetoes.forEach((veto, i) => {
    const decider = veto.action === 'decider';
    if (!decider && i > 0 && veto.side === vetoes[i - 1]?.side) fail(`veto step ${veto.step}: the same side twice in a row`);
    const team = veto.side === 1 ? match.team1_id : veto.side === 2 ? match.team2_id : null;
    if ((veto.team_id ?? null) !== team || decider !== (veto.side == null)) fail(`veto step ${veto.step}: side and team disagree`);
  });
  const order = [...vetoes.filter((v) => v.action === 'pick'), ...vetoes.filter((v) => v.action === 'decider')];
  maps.forEach((map, i) => {
    const step = order[i];
    if (step?.map !== map.map || (step.side ?? null) !== (map.picked_by_side ?? null)) fail(`map ${map.number}: not the veto's pick or decider`);
  });

  for (const map of maps) {
    const own = lines.filter((l) => l.map_number === map.number);
    const sides = [own.filter((l) => l.side === 1), own.filter((l) => l.side === 2)] as const;
    const rounds = map.score_team1 + map.score_team2;
    if (sides[0].length !== 5 || sides[1].length !== 5) fail(`map ${map.number}: ${sides[0].length} and ${sides[1].length} lines a side`);
    const sum = (side: readonly CheckedLine[], count: (l: CheckedLine) => number) => side.reduce((total, l) => total + count(l), 0);
    if (sum(sides[0], (l) => l.kills) !== sum(sides[1], (l) => l.deaths) || sum(sides[1], (l) => l.kills) !== sum(sides[0], (l) => l.deaths)) {
      fail(`map ${map.number}: one side's kills are not the other's deaths`);
    }
    if (sum(own, (l) => n(l.first_kills)) !== rounds || sum(own, (l) => n(l.entry_attempts)) !== 2 * rounds) fail(`map ${map.number}: not one opening duel a round`);
    for (const line of own) {
      const who = `map ${map.number} ${line.nickname}`;
      if (line.map !== map.map || line.season_id !== match.season_id || line.team_id !== (line.side === 1 ? match.team1_id : match.team2_id)) fail(`${who}: not the map's map, season or team`);
      if (line.rounds !== rounds || line.deaths > rounds || (line.kast_rounds != null && line.kast_rounds > rounds)) fail(`${who}: more than the map's rounds`);
      if (n(line.headshots) > line.kills || n(line.sniper_kills) > line.kills) fail(`${who}: more headshots or sniper kills than kills`);
      if (2 * n(line.kills_2k) + 3 * n(line.kills_3k) + 4 * n(line.kills_4k) + 5 * n(line.kills_5k) > line.kills) fail(`${who}: multi-kill rounds beyond the kills`);
      if (n(line.entry_wins) > n(line.entry_attempts) || n(line.clutch_wins) > n(line.clutch_attempts)) fail(`${who}: more wins than attempts`);
    }
  }
  const linked = lines.filter((l) => l.player_id);
  const sideOf = new Map(linked.map((l) => [l.player_id, l.side]));
  if (linked.some((l) => sideOf.get(l.player_id) !== l.side)) fail('a player on both sides');
  return breaks;
}
