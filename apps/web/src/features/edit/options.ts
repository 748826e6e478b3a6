import type { PlayerOption, TeamOption } from '@campus-elo/api-contract';

/** 'Name (Team)' for a player on a team, so namesakes can be told apart. */
export function playerOptionLabel(player: PlayerOption): string {
  return player.team_name ? `${player.name} (${player.team_name})` : player.name;
}

export function teamChoices(teams: TeamOption[]) {
  return teams.map((team) => ({ value: team.id, label: team.name }));
}

export function playerChoices(players: PlayerOption[]) {
  return players.map((player) => ({ value: player.id, label: playerOptionLabel(player) }));
}
