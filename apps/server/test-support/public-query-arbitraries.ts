import fc from 'fast-check';

/** The public list paths (and the current season), as the fuzz test and `pnpm bench:fuzz` call them. */
export const PUBLIC_PATHS = ['teams', 'players', 'matches', 'seasons', 'rankings', 'ranking-items', 'current-season', 'events', 'stats/players', 'stats/teams'].map((p) => `/v1/public/${p}`);

const KNOWN_KEYS = [
  'sort', 'order', 'page', 'page_size', 'season_id', 'name', 'school_name', 'id', 'team_id', 'visible', 'benched',
  'status', 'date_from', 'date_to', 'competition_name', 'ranking_id', 'competition_id', 'map', 'min_maps',
];

/**
 * Query strings near what the public schemas accept, on both sides of each edge: known keys
 * with edge values, random text, broken percent escapes. `knownIds` are ids of rows that
 * exist, so some filters match.
 */
export function publicQueryString(knownIds: readonly string[]): fc.Arbitrary<string> {
  const edgyValues = fc.constantFrom(
    '', ' ', 'true', 'false', 'TRUE', 'asc', 'desc', 'elo', 'name', 'school_name', 'skill_level', 'date', 'rank', 'start_date', 'rating', 'adr', 'de_mirage',
    'scheduled', 'in_progress', 'completed', 'cancelled', 'completed,cancelled', 'upcoming', 'ongoing', 'past', 'scheduled,', ',', ',,',
    '0', '-1', '1', '2', '100', '101', '1e3', '1e400', '0x10', '1.5', 'NaN', 'Infinity', '9007199254740993',
    '2026-11-22', '2026-11-22T23:59:59Z', '2026-11-22T12:00:00+01:00', '2026-02-30', '9999-99-99', '0000-01-01', '2026-11-22T',
    ...knownIds, '00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff',
    'null', 'undefined', '[]', '{}', '%', '_', '\\', "'", '"', "' OR 1=1 --", '\u0000', '\u{1F3C6}', 'x'.repeat(300),
  );

  const anyValue = fc.oneof(
    { weight: 4, arbitrary: edgyValues },
    { weight: 2, arbitrary: fc.string({ maxLength: 30 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 10 }) },
    { weight: 1, arbitrary: fc.integer().map(String) },
    { weight: 1, arbitrary: fc.double().map(String) },
    { weight: 1, arbitrary: fc.uuid().map(String) },
    { weight: 1, arbitrary: fc.date({ noInvalidDate: true }).map((d) => d.toISOString()) },
  );

  const anyKey = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...KNOWN_KEYS) }, { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 12 }) });

  // Mostly well-encoded pairs, sometimes raw text and broken percent escapes.
  const queryPart = fc.oneof(
    { weight: 8, arbitrary: fc.tuple(anyKey, anyValue).map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`) },
    { weight: 1, arbitrary: anyKey.map((k) => encodeURIComponent(k)) },
    { weight: 1, arbitrary: fc.constantFrom('%', '%zz', '%E0%A4%A', 'page=%FF', '=', '&', 'a[b]=c', 'status[]=completed', '__proto__[x]=1') },
  );

  return fc.array(queryPart, { maxLength: 8 }).map((parts) => parts.join('&'));
}

/** A whole public request: one of the paths and a query string. */
export const publicRequest = (knownIds: readonly string[]): fc.Arbitrary<string> =>
  fc.tuple(fc.constantFrom(...PUBLIC_PATHS), publicQueryString(knownIds)).map(([path, query]) => `${path}?${query}`);
