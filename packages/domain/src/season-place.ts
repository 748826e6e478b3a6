// A team's place in a season, defined once for the rankings list, the team page, the weekly
// snapshot and the API (docs/product.md, "Rankings"). A team takes part in a season when it
// entered one of the season's competitions or plays any of the season's matches, an event's
// included; its place is its position among those teams ordered by Elo (highest first), then
// name, then id, so two teams never share a place.

export interface PlacedTeam {
  id: string;
  name: string;
  elo: number;
}

export interface PlaceKey {
  column: keyof PlacedTeam;
  direction: 'asc' | 'desc';
}

/** The order that gives places: each key with its direction, for SQL and for code. */
export const SEASON_PLACE_ORDER: readonly PlaceKey[] = [
  { column: 'elo', direction: 'desc' },
  { column: 'name', direction: 'asc' },
  { column: 'id', direction: 'asc' },
];

// Code points, as a C-collated database orders text; the SQL that places teams sorts by the
// same keys (SEASON_PLACE_ORDER), so the server never mixes the two.
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Negative when `a` is placed above `b`. */
export function compareSeasonPlace(a: PlacedTeam, b: PlacedTeam): number {
  return b.elo - a.elo || compareText(a.name, b.name) || compareText(a.id, b.id);
}

/** Each team's place (from 1) among the given teams of one season. */
export function seasonPlaces(teams: readonly PlacedTeam[]): Map<string, number> {
  return new Map([...teams].sort(compareSeasonPlace).map((team, index) => [team.id, index + 1]));
}
