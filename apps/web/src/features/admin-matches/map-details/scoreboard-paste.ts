import type { CountKey } from './scoreboard-columns';

/**
 * Reads a scoreboard copied from a spreadsheet: tab-separated (what a spreadsheet puts on the
 * clipboard) or comma-separated text, quoted fields allowed. A first line naming the columns
 * is optional; without one the columns are Player, K, D, A, then optionally HS and Damage.
 */

/** A rate a sheet may give instead of a count; turned into the count with the map's rounds. */
export type RateKey = 'adr' | 'hs_pct' | 'kast_pct';

export interface PastedLine {
  player: string;
  /** Only the columns the text had; null for an empty cell (not known). */
  counts: Partial<Record<CountKey, number | null>>;
  rates: Partial<Record<RateKey, number | null>>;
}

export type PasteResult = { ok: true; lines: PastedLine[]; ignoredColumns: string[] } | { ok: false; message: string };

type ColumnMeaning = 'player' | CountKey | RateKey;

/** Header names, lower case with spaces, dots, dashes and underscores removed. */
const HEADER_NAMES: Record<string, ColumnMeaning> = {
  player: 'player',
  players: 'player',
  name: 'player',
  nickname: 'player',
  nick: 'player',
  k: 'kills',
  kills: 'kills',
  d: 'deaths',
  deaths: 'deaths',
  a: 'assists',
  assists: 'assists',
  hs: 'headshots',
  headshots: 'headshots',
  hskills: 'headshots',
  'hs%': 'hs_pct',
  hspct: 'hs_pct',
  'headshots%': 'hs_pct',
  dmg: 'damage',
  damage: 'damage',
  totaldamage: 'damage',
  adr: 'adr',
  mvp: 'mvps',
  mvps: 'mvps',
  '2k': 'kills_2k',
  doublekills: 'kills_2k',
  '3k': 'kills_3k',
  triplekills: 'kills_3k',
  '4k': 'kills_4k',
  quadrokills: 'kills_4k',
  '5k': 'kills_5k',
  pentakills: 'kills_5k',
  fk: 'first_kills',
  firstkills: 'first_kills',
  entries: 'entry_attempts',
  entrycount: 'entry_attempts',
  entryattempts: 'entry_attempts',
  entrywins: 'entry_wins',
  clutches: 'clutch_attempts',
  clutchattempts: 'clutch_attempts',
  clutchwins: 'clutch_wins',
  ud: 'utility_damage',
  utilitydamage: 'utility_damage',
  utildmg: 'utility_damage',
  flashes: 'flash_successes',
  flashsuccesses: 'flash_successes',
  sniper: 'sniper_kills',
  sniperkills: 'sniper_kills',
  awpkills: 'sniper_kills',
  kast: 'kast_pct',
  'kast%': 'kast_pct',
  kastrounds: 'kast_rounds',
  kastrds: 'kast_rounds',
};

const DEFAULT_ORDER: ColumnMeaning[] = ['player', 'kills', 'deaths', 'assists', 'headshots', 'damage'];
const RATES = new Set<ColumnMeaning>(['adr', 'hs_pct', 'kast_pct']);
const MIN_COLUMNS = 4;

function headerMeaning(cell: string): ColumnMeaning | undefined {
  return HEADER_NAMES[cell.toLowerCase().replace(/[\s._-]/g, '')];
}

/** The text's delimiter: tabs when any line has one, else semicolons when the first line has them and no comma, else commas. */
function delimiterOf(text: string): string {
  if (text.includes('\t')) return '\t';
  const first = text.split(/\r?\n/, 1)[0] ?? '';
  return first.includes(';') && !first.includes(',') ? ';' : ',';
}

/** Splits into rows of cells; a quoted cell may hold the delimiter, a newline or "" for a quote. */
export function splitCells(text: string, delimiter: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (char === delimiter) {
      row.push(cell.trim());
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      row.push(cell.trim());
      rows.push(row);
      row = [];
      cell = '';
    } else cell += char;
  }
  row.push(cell.trim());
  rows.push(row);
  // Blank lines (and a spreadsheet's trailing newline) carry nothing.
  return rows.filter((cells) => cells.some((c) => c !== ''));
}

function parseNumber(cell: string, meaning: ColumnMeaning): number | null | string {
  if (cell === '' || cell === '-' || cell === '–') return null;
  const trimmed = cell.replace(/%$/, '');
  // 1,980 is a thousands separator in a count; 85,5 a decimal comma in a rate.
  const bare = RATES.has(meaning) ? trimmed.replace(',', '.') : /^\d{1,3}(,\d{3})+$/.test(trimmed) ? trimmed.replace(/,/g, '') : trimmed;
  if (!/^-?\d+(\.\d+)?$/.test(bare)) return `"${cell}" is not a number`;
  const value = Number(bare);
  if (value < 0) return `${cell} is below 0`;
  if (!RATES.has(meaning) && !Number.isInteger(value)) return `${cell} is not a whole number`;
  return value;
}

/** Reads pasted text into lines, or says which line is wrong and why. */
export function parseScoreboard(text: string, maxLines: number): PasteResult {
  const rows = splitCells(text, delimiterOf(text));
  if (rows.length === 0) return { ok: false, message: 'Nothing to read: paste the rows of a scoreboard.' };
  const first = rows[0]!;
  const hasHeader = first.slice(1).some((cell) => cell !== '' && !/^-?[\d.,]+%?$/.test(cell));
  let columns: (ColumnMeaning | undefined)[];
  const ignoredColumns: string[] = [];
  if (hasHeader) {
    columns = first.map(headerMeaning);
    first.forEach((cell, index) => {
      if (!columns[index] && cell !== '') ignoredColumns.push(cell);
    });
    if (!columns.includes('player')) return { ok: false, message: 'Line 1: no Player column (name it Player, Name or Nickname).' };
    for (const needed of ['kills', 'deaths', 'assists'] as const) {
      if (!columns.includes(needed)) return { ok: false, message: `Line 1: no ${needed} column (name it ${needed === 'kills' ? 'K or Kills' : needed === 'deaths' ? 'D or Deaths' : 'A or Assists'}).` };
    }
    const repeated = columns.find((meaning, index) => meaning && columns.indexOf(meaning) !== index);
    if (repeated) return { ok: false, message: `Line 1: the ${repeated.replace(/_/g, ' ')} column is there twice.` };
  } else {
    if (first.length < MIN_COLUMNS || first.length > DEFAULT_ORDER.length) {
      return {
        ok: false,
        message: `Line 1 has ${first.length} columns; without a header line each line needs 4 to 6: Player, K, D, A, then HS and Damage if known.`,
      };
    }
    columns = DEFAULT_ORDER.slice(0, first.length);
  }
  const body = hasHeader ? rows.slice(1) : rows;
  if (body.length === 0) return { ok: false, message: 'Only a header line: paste the players’ rows too.' };
  if (body.length > maxLines) return { ok: false, message: `${body.length} player rows, but this team has room for ${maxLines}.` };
  const lines: PastedLine[] = [];
  for (const [index, cells] of body.entries()) {
    const lineNumber = index + (hasHeader ? 2 : 1);
    if (cells.length !== columns.length) {
      return { ok: false, message: `Line ${lineNumber} has ${cells.length} columns, but ${hasHeader ? 'the header has' : 'the first line has'} ${columns.length}.` };
    }
    const line: PastedLine = { player: '', counts: {}, rates: {} };
    for (const [column, meaning] of columns.entries()) {
      if (!meaning) continue;
      const cell = cells[column]!;
      if (meaning === 'player') {
        if (cell === '') return { ok: false, message: `Line ${lineNumber}: the player is empty.` };
        line.player = cell;
        continue;
      }
      const value = parseNumber(cell, meaning);
      if (typeof value === 'string') return { ok: false, message: `Line ${lineNumber}, ${meaning.replace(/_/g, ' ')}: ${value}.` };
      if (RATES.has(meaning)) line.rates[meaning as RateKey] = value;
      else line.counts[meaning as CountKey] = value;
    }
    lines.push(line);
  }
  return { ok: true, lines, ignoredColumns };
}

/**
 * A pasted line's counts, rates turned into counts with the map's rounds (damage from ADR,
 * headshots from HS%, KAST rounds from KAST %) where the sheet gave no count itself.
 */
export function pastedCounts(line: PastedLine, rounds: number | null): Partial<Record<CountKey, number | null>> {
  const counts = { ...line.counts };
  const { adr, hs_pct, kast_pct } = line.rates;
  if (counts.damage === undefined && adr !== undefined) counts.damage = adr === null || rounds === null ? null : Math.round(adr * rounds);
  if (counts.headshots === undefined && hs_pct !== undefined) {
    const kills = counts.kills;
    counts.headshots = hs_pct === null || kills === undefined || kills === null ? null : Math.round((hs_pct * kills) / 100);
  }
  if (counts.kast_rounds === undefined && kast_pct !== undefined) counts.kast_rounds = kast_pct === null || rounds === null ? null : Math.round((kast_pct * rounds) / 100);
  return counts;
}
