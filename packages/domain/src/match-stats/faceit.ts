/**
 * Turns FACEIT's `GET /matches/{id}` (the maps in `voting.map.pick`, each map's score in
 * `detailed_results`) and `GET /matches/{id}/stats` (per map: round stats, team halves, and
 * player stats as strings) into maps and player lines. A key the answer lacks (older matches
 * carry fewer) gives null, never 0.
 */
export interface FaceitMatchDetails {
  teams?: Record<string, { faction_id?: string } | undefined>;
  voting?: { map?: { pick?: string[] } } | null;
  detailed_results?: { winner?: string; factions?: Record<string, { score?: number } | undefined> }[] | null;
}

export interface FaceitMatchStats {
  rounds?: {
    round_stats?: Record<string, string | undefined>;
    teams?: { team_id?: string; team_stats?: Record<string, string | undefined>; players?: { player_id?: string; nickname?: string; player_stats?: Record<string, string | undefined> }[] }[];
  }[];
}

export interface ParsedMapLine {
  side: 1 | 2;
  platform_player_id: string | null;
  nickname: string;
  kills: number;
  deaths: number;
  assists: number;
  headshots: number | null;
  damage: number | null;
  mvps: number | null;
  kills_2k: number | null;
  kills_3k: number | null;
  kills_4k: number | null;
  kills_5k: number | null;
  first_kills: number | null;
  entry_attempts: number | null;
  entry_wins: number | null;
  clutch_attempts: number | null;
  clutch_wins: number | null;
  utility_damage: number | null;
  flash_successes: number | null;
  sniper_kills: number | null;
  kast_rounds: null;
}

export interface ParsedMap {
  number: number;
  map: string;
  score_team1: number;
  score_team2: number;
  winner_side: 1 | 2 | null;
  halves: { team1: [number, number]; team2: [number, number] } | null;
  overtime: { team1: number; team2: number } | null;
  players: ParsedMapLine[];
}

function whole(value: string | undefined): number | null {
  if (value === undefined || value.trim() === '') return null;
  const number = Number(value);
  return Number.isInteger(number) && number >= 0 ? number : null;
}

function sumOf(stats: Record<string, string | undefined>, keys: string[]): number | null {
  const values = keys.map((key) => whole(stats[key])).filter((value) => value !== null);
  return values.length === 0 ? null : values.reduce((a, b) => a + b, 0);
}

function line(side: 1 | 2, player: { player_id?: string; nickname?: string; player_stats?: Record<string, string | undefined> }): ParsedMapLine {
  const stats = player.player_stats ?? {};
  const clutchSizes = [1, 2, 3, 4, 5];
  return {
    side,
    platform_player_id: player.player_id ?? null,
    nickname: player.nickname ?? player.player_id ?? 'unknown',
    kills: whole(stats['Kills']) ?? 0,
    deaths: whole(stats['Deaths']) ?? 0,
    assists: whole(stats['Assists']) ?? 0,
    headshots: whole(stats['Headshots']),
    damage: whole(stats['Damage']),
    mvps: whole(stats['MVPs']),
    kills_2k: whole(stats['Double Kills']),
    kills_3k: whole(stats['Triple Kills']),
    kills_4k: whole(stats['Quadro Kills']),
    kills_5k: whole(stats['Penta Kills']),
    first_kills: whole(stats['First Kills']),
    entry_attempts: whole(stats['Entry Count']),
    entry_wins: whole(stats['Entry Wins']),
    clutch_attempts: sumOf(stats, clutchSizes.map((n) => `1v${n}Count`)),
    clutch_wins: sumOf(stats, clutchSizes.map((n) => `1v${n}Wins`)),
    utility_damage: whole(stats['Utility Damage']),
    flash_successes: whole(stats['Flash Successes']),
    sniper_kills: whole(stats['Sniper Kills']),
    kast_rounds: null,
  };
}

/** The maps of a FACEIT match with their lines; `stats` null (a 404: not yet) gives maps without lines. */
export function parseFaceitMaps(details: FaceitMatchDetails, stats: FaceitMatchStats | null): ParsedMap[] {
  const faction1 = details.teams?.['faction1']?.faction_id;
  const picks = details.voting?.map?.pick ?? [];
  const results = details.detailed_results ?? [];
  const statsByMap = new Map((stats?.rounds ?? []).map((round) => [round.round_stats?.['Map'], round]));
  return results.flatMap((result, index) => {
    const map = picks[index] ?? stats?.rounds?.[index]?.round_stats?.['Map'];
    if (!map) return [];
    const round = statsByMap.get(map);
    const sideOf = (teamId: string | undefined): 1 | 2 => (teamId === faction1 ? 1 : 2);
    const teams = round?.teams ?? [];
    const team = (side: 1 | 2) => teams.find((t) => sideOf(t.team_id) === side)?.team_stats ?? {};
    const half = (side: 1 | 2, key: string) => whole(team(side)[key]);
    const halvesKnown = [half(1, 'First Half Score'), half(1, 'Second Half Score'), half(2, 'First Half Score'), half(2, 'Second Half Score')];
    const overtime1 = half(1, 'Overtime score');
    const overtime2 = half(2, 'Overtime score');
    return [
      {
        number: index + 1,
        map,
        score_team1: result.factions?.['faction1']?.score ?? 0,
        score_team2: result.factions?.['faction2']?.score ?? 0,
        winner_side: result.winner === 'faction1' ? 1 : result.winner === 'faction2' ? 2 : null,
        halves: halvesKnown.every((value) => value !== null)
          ? { team1: [halvesKnown[0]!, halvesKnown[1]!], team2: [halvesKnown[2]!, halvesKnown[3]!] }
          : null,
        overtime: overtime1 !== null && overtime2 !== null && overtime1 + overtime2 > 0 ? { team1: overtime1, team2: overtime2 } : null,
        players: teams.flatMap((t) => (t.players ?? []).map((player) => line(sideOf(t.team_id), player))),
      },
    ];
  });
}
