import type { MatchMapsResponse, replaceMatchMapsInput } from '@campus-elo/api-contract';
import { MAX_LINES_PER_SIDE, mapDetailsProblems } from '@campus-elo/domain';
import type { z } from 'zod';
import { ALL_COLUMNS, REQUIRED_COUNTS, columnLabel, type CountKey } from './scoreboard-columns';

/** Team 1, team 2, or nobody (a decider, or a veto step no team made). */
export type SideValue = '1' | '2' | 'none';
export type Side = 1 | 2;

/** One row of a scoreboard as typed: numbers are '' while empty (not known). */
export interface LineValues {
  player_id: string | null;
  nickname: string;
  /** The platform's id of an unlinked player, kept from an import while the nickname stays. */
  platform_player_id: string | null;
  counts: Record<CountKey, number | ''>;
}

export interface MapValues {
  /** Stable React key; never sent. */
  key: string;
  map: string | null;
  score_team1: number | '';
  score_team2: number | '';
  picked_by: SideValue;
  /** [team 1 first half, team 1 second half, team 2 first half, team 2 second half]. */
  halves: [number | '', number | '', number | '', number | ''];
  overtime: [number | '', number | ''];
  lines: Record<Side, LineValues[]>;
}

export interface VetoValues {
  key: string;
  side: SideValue;
  action: 'ban' | 'pick' | 'decider';
  map: string | null;
}

export interface MapDetailsValues {
  maps: MapValues[];
  vetoes: VetoValues[];
}

/** Five players a side is what a CS2 map has; more rows can be added for substitutes, up to the domain's limit. */
export const ROWS_PER_SIDE = 5;
export const MAX_ROWS_PER_SIDE = MAX_LINES_PER_SIDE;
export const MAX_MAPS = 9;
export const MAX_VETO_STEPS = 20;

let nextKey = 0;
const newKey = () => `k${(nextKey += 1)}`;

const emptyCounts = (): Record<CountKey, number | ''> => Object.fromEntries(ALL_COLUMNS.map((column) => [column.key, ''])) as Record<CountKey, number | ''>;

export const emptyLine = (): LineValues => ({ player_id: null, nickname: '', platform_player_id: null, counts: emptyCounts() });

export function emptyMap(): MapValues {
  return {
    key: newKey(),
    map: null,
    score_team1: '',
    score_team2: '',
    picked_by: 'none',
    halves: ['', '', '', ''],
    overtime: ['', ''],
    lines: { 1: Array.from({ length: ROWS_PER_SIDE }, emptyLine), 2: Array.from({ length: ROWS_PER_SIDE }, emptyLine) },
  };
}

/** A new veto step: a ban by the team that did not make the step before (teams take turns). */
export const nextVeto = (previous: VetoValues | undefined): VetoValues => ({ key: newKey(), side: previous?.side === '1' ? '2' : '1', action: 'ban', map: null });

export function isBlankLine(line: LineValues): boolean {
  return line.nickname.trim() === '' && line.player_id === null && Object.values(line.counts).every((value) => value === '');
}

/** Anything typed into a map: removing it then asks first. */
export function mapHasData(map: MapValues): boolean {
  return (
    map.map !== null ||
    map.score_team1 !== '' ||
    map.score_team2 !== '' ||
    map.halves.some((v) => v !== '') ||
    map.overtime.some((v) => v !== '') ||
    [...map.lines[1], ...map.lines[2]].some((line) => !isBlankLine(line))
  );
}

/** The rounds a map lasted, from its score; null until both scores are entered. */
export function enteredRounds(map: MapValues): number | null {
  return map.score_team1 === '' || map.score_team2 === '' ? null : map.score_team1 + map.score_team2;
}

function sideOf(teamId: string | null, team1Id: string, team2Id: string): SideValue {
  return teamId === null ? 'none' : teamId === team1Id ? '1' : teamId === team2Id ? '2' : 'none';
}

const fill = (lines: LineValues[]) => [...lines, ...Array.from({ length: Math.max(0, ROWS_PER_SIDE - lines.length) }, emptyLine)];

/** The stored details as the form shows them; each side padded to five rows. */
export function mapDetailsValues(stored: MatchMapsResponse, team1Id: string, team2Id: string): MapDetailsValues {
  return {
    maps: stored.maps.map((map) => {
      const rounds = map.score_team1 + map.score_team2;
      const lines: Record<Side, LineValues[]> = { 1: [], 2: [] };
      for (const player of map.players) {
        const side: Side = player.team_id === team2Id && team1Id !== team2Id ? 2 : 1;
        const counts = emptyCounts();
        for (const column of ALL_COLUMNS) {
          if (column.key === 'kast_rounds') continue;
          const value = player[column.key];
          counts[column.key] = value ?? '';
        }
        // The read gives KAST as a share of the map's rounds; the form holds the rounds.
        counts.kast_rounds = player.kast === null || rounds === 0 ? '' : Math.round((player.kast * rounds) / 100);
        // A linked line keeps the platform's nickname it was stored with; the field shows our player.
        lines[side].push({ player_id: player.player?.id ?? null, nickname: player.nickname, platform_player_id: player.platform_player_id, counts });
      }
      return {
        key: newKey(),
        map: map.map,
        score_team1: map.score_team1,
        score_team2: map.score_team2,
        picked_by: sideOf(map.picked_by_id, team1Id, team2Id),
        halves: map.halves ? [map.halves.team1[0], map.halves.team1[1], map.halves.team2[0], map.halves.team2[1]] : ['', '', '', ''],
        overtime: map.overtime ? [map.overtime.team1, map.overtime.team2] : ['', ''],
        lines: { 1: fill(lines[1]), 2: fill(lines[2]) },
      };
    }),
    vetoes: stored.vetoes.map((veto) => ({ key: newKey(), side: sideOf(veto.team_id, team1Id, team2Id), action: veto.action, map: veto.map })),
  };
}

/** Where a sent line came from: the n-th line of the request is row `row` of side `side`. */
interface SentLine {
  side: Side;
  row: number;
  line: LineValues;
}

/** The lines a map sends, in order: team 1's filled rows, then team 2's; blank rows are left out. */
function sentLines(map: MapValues): SentLine[] {
  return ([1, 2] as const).flatMap((side) => map.lines[side].map((line, row) => ({ side, row, line })).filter(({ line }) => !isBlankLine(line)));
}

const orNull = (value: number | '') => (value === '' ? null : value);
const sideNumber = (side: SideValue): Side | null => (side === 'none' ? null : side === '1' ? 1 : 2);

type ReplaceInput = z.input<typeof replaceMatchMapsInput>;

/** A map's fields as sent: empty required numbers as 0 (the form's own check names them first), halves and overtime only when complete. */
function mapFields(map: MapValues) {
  const [h1, h2, h3, h4] = map.halves;
  const [o1, o2] = map.overtime;
  return {
    map: map.map ?? '',
    score_team1: map.score_team1 === '' ? 0 : map.score_team1,
    score_team2: map.score_team2 === '' ? 0 : map.score_team2,
    halves: h1 !== '' && h2 !== '' && h3 !== '' && h4 !== '' ? { team1: [h1, h2] as [number, number], team2: [h3, h4] as [number, number] } : null,
    overtime: o1 !== '' && o2 !== '' ? { team1: o1, team2: o2 } : null,
  };
}

/** The PUT's body. Call only when `formProblems` found nothing. */
export function replaceMapsInput(matchId: string, values: MapDetailsValues): ReplaceInput {
  return {
    id: matchId,
    maps: values.maps.map((map) => ({
      ...mapFields(map),
      picked_by_side: sideNumber(map.picked_by),
      players: sentLines(map).map(({ side, line }) => {
        const counts = Object.fromEntries(ALL_COLUMNS.map((column) => [column.key, orNull(line.counts[column.key])])) as Record<CountKey, number | null>;
        return {
          side,
          player_id: line.player_id,
          nickname: line.nickname.trim(),
          platform_player_id: line.player_id ? null : line.platform_player_id,
          ...counts,
          kills: counts.kills ?? 0,
          deaths: counts.deaths ?? 0,
          assists: counts.assists ?? 0,
        };
      }),
    })),
    vetoes: values.vetoes.map((veto) => ({ side: sideNumber(veto.side), action: veto.action, map: veto.map ?? '' })),
  };
}

/**
 * Problems keyed by the form's own field names: `maps.0.map`, `maps.0.score_team1`,
 * `maps.0.halves`, `maps.0.lines.2.3.kills` (map 1, team 2's fourth row), `vetoes.1.map`;
 * `maps` for the whole list (maps won against the match score), `form` for the rest.
 */
export type FormProblems = Record<string, string>;

function addProblem(problems: FormProblems, key: string, reason: string) {
  problems[key] ??= reason;
}

/**
 * A path of the request (the domain's `maps.0.players.3.kills`, or the server's issue path)
 * as the form's key: the n-th sent line becomes its side and row.
 */
export function formKey(path: string, values: MapDetailsValues): string {
  const parts = path.split('.');
  if (parts[0] === 'maps' && parts[2] === 'players' && parts[3] !== undefined) {
    const map = values.maps[Number(parts[1])];
    const sent = map ? sentLines(map)[Number(parts[3])] : undefined;
    if (sent) return ['maps', parts[1], 'lines', sent.side, sent.row, ...parts.slice(4)].join('.');
  }
  if (parts[0] === 'maps' && parts.length >= 3 && /^score_team[12]$|^score$/.test(parts[2]!)) return parts.slice(0, 3).join('.');
  if (parts[0] === 'maps' && parts.length >= 3 && (parts[2] === 'halves' || parts[2] === 'overtime' || parts[2] === 'picked_by_side')) {
    return [parts[0], parts[1], parts[2] === 'picked_by_side' ? 'picked_by' : parts[2]].join('.');
  }
  if (parts[0] === 'vetoes' && parts.length >= 3) return parts.slice(0, 3).join('.');
  return path;
}

/** Column keys by length, longest first, so 'entry_wins' is not read as part of a shorter key. */
const COLUMN_KEYS = ALL_COLUMNS.map((column) => column.key).sort((a, b) => b.length - a.length);

/** The domain's reason with its column keys in words ('kast_rounds cannot exceed…' -> 'KAST rounds cannot exceed…'). */
function inWords(reason: string): string {
  const pattern = new RegExp(`\\b(${COLUMN_KEYS.join('|')})\\b`, 'g');
  const worded = reason.replace(pattern, (key) => columnLabel(key));
  return worded.charAt(0).toUpperCase() + worded.slice(1);
}

/** Every problem of the form, before anything is sent: required fields, then the domain's rules (the server's own). */
export function formProblems(values: MapDetailsValues, match: { score_team1: number | null; score_team2: number | null }): FormProblems {
  const problems: FormProblems = {};
  values.maps.forEach((map, index) => {
    const at = `maps.${index}`;
    if (!map.map) addProblem(problems, `${at}.map`, 'Choose the map.');
    if (map.score_team1 === '') addProblem(problems, `${at}.score_team1`, 'Enter the rounds won.');
    if (map.score_team2 === '') addProblem(problems, `${at}.score_team2`, 'Enter the rounds won.');
    if (map.halves.some((v) => v !== '') && map.halves.some((v) => v === '')) addProblem(problems, `${at}.halves`, 'Enter all four half scores, or none.');
    if (map.overtime.some((v) => v !== '') && map.overtime.some((v) => v === '')) addProblem(problems, `${at}.overtime`, 'Enter both overtime scores, or none.');
    for (const { side, row, line } of sentLines(map)) {
      const rowKey = `${at}.lines.${side}.${row}`;
      if (line.nickname.trim() === '') addProblem(problems, `${rowKey}.player`, 'Enter the player, or clear the row.');
      for (const key of REQUIRED_COUNTS) {
        if (line.counts[key] === '') addProblem(problems, `${rowKey}.${key}`, `Enter the ${columnLabel(key)}.`);
      }
    }
  });
  values.vetoes.forEach((veto, index) => {
    if (!veto.map) addProblem(problems, `vetoes.${index}.map`, 'Choose the map.');
  });
  const domainInput = {
    match,
    maps: values.maps.map((map) => ({
      ...mapFields(map),
      players: sentLines(map).map(({ side, line }) => ({ side, player_id: line.player_id, nickname: line.nickname.trim(), counts: Object.fromEntries(Object.entries(line.counts).map(([k, v]) => [k, v === '' ? null : v])) })),
    })),
    // A step without its map is already named above.
    vetoes: values.vetoes.map((veto, index) => ({ map: veto.map ?? `(step ${index + 1})`, side: sideNumber(veto.side), action: veto.action })),
  };
  // The domain names counts by their field; a person reads the column's name.
  for (const problem of mapDetailsProblems(domainInput)) addProblem(problems, formKey(problem.field, values), inWords(problem.reason));
  return problems;
}

/** Words for where a problem is, for the list above the form: 'Map 2, Owls row 3, kills'. */
export function problemPlace(key: string, teamNames: Record<Side, string>): string {
  const parts = key.split('.');
  if (parts[0] === 'vetoes') return `Veto step ${Number(parts[1]) + 1}`;
  if (parts[0] !== 'maps' || parts[1] === undefined) return 'Maps';
  const map = `Map ${Number(parts[1]) + 1}`;
  if (parts[2] === 'lines') {
    const team = teamNames[Number(parts[3]) as Side];
    const field = parts[5] && parts[5] !== 'player' && parts[5] !== 'nickname' ? `, ${columnLabel(parts[5])}` : '';
    return `${map}, ${team} row ${Number(parts[4]) + 1}${field}`;
  }
  return map;
}

