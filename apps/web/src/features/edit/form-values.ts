import { pictureValue, type AdminPlayer, type AdminTeam, type PlayerEditFields, type TeamEditFields } from '@campus-elo/api-contract';

/** The stored picture when the contract takes it back unchanged; otherwise none (a new upload replaces it). */
export function keptPicture(picture: string | null): string | undefined {
  return picture !== null && pictureValue.safeParse(picture).success ? picture : undefined;
}

export function teamFormValues(team: AdminTeam): TeamEditFields {
  return { name: team.name, school_name: team.school_name ?? undefined, elo: team.elo, picture: keptPicture(team.picture) };
}

export function playerFormValues(player: AdminPlayer): PlayerEditFields {
  return {
    name: player.name,
    steam_id: player.steam_id ?? undefined,
    faceit_id: player.faceit_id ?? undefined,
    elo: player.elo,
    skill_level: player.skill_level,
    team_id: player.team_id,
    benched: player.benched,
    visible: player.visible,
    picture: keptPicture(player.picture),
  };
}
