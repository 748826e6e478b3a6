import type { PlayerOption } from '@campus-elo/api-contract';

export interface ChosenPlayer {
  id: string;
  name: string;
}

/** The players a scoreboard row can link to: the team's own listed first, every other after. */
export interface PlayerChoices {
  /** Autocomplete data: a group per kind, each option a unique label. */
  data: { group: string; items: string[] }[];
  byLabel: Map<string, ChosenPlayer>;
  labelById: Map<string, string>;
  /** The team's own players' labels. */
  teamLabels: string[];
}

/**
 * Labels are the player's name; a name two players share gets the team in brackets (and a
 * number when even that repeats), so picking one links exactly that player.
 */
export function playerChoices(players: readonly PlayerOption[], teamName: string): PlayerChoices {
  const nameCount = new Map<string, number>();
  for (const player of players) nameCount.set(player.name, (nameCount.get(player.name) ?? 0) + 1);
  const byLabel = new Map<string, ChosenPlayer>();
  const labelById = new Map<string, string>();
  const own: string[] = [];
  const others: string[] = [];
  for (const player of players) {
    let label = nameCount.get(player.name)! > 1 ? `${player.name} (${player.team_name ?? 'no team'})` : player.name;
    for (let n = 2; byLabel.has(label); n += 1) label = `${player.name} (${player.team_name ?? 'no team'}) #${n}`;
    byLabel.set(label, { id: player.id, name: player.name });
    labelById.set(player.id, label);
    (player.team_name === teamName ? own : others).push(label);
  }
  return {
    data: [
      { group: `${teamName} players`, items: own },
      { group: 'Other players', items: others },
    ].filter((group) => group.items.length > 0),
    byLabel,
    labelById,
    teamLabels: own,
  };
}

/** The player a typed label means exactly (a pick from the list); null for a free nickname. */
export function playerByLabel(choices: PlayerChoices, text: string): ChosenPlayer | null {
  return choices.byLabel.get(text) ?? null;
}

/** The player a pasted name means: a label, else the one player of the team with that name in any case, else nobody (kept as a nickname). */
export function pastedPlayer(choices: PlayerChoices, text: string): ChosenPlayer | null {
  const exact = choices.byLabel.get(text);
  if (exact) return exact;
  const wanted = text.trim().toLowerCase();
  const matches = choices.teamLabels.map((label) => choices.byLabel.get(label)!).filter((player) => player.name.toLowerCase() === wanted);
  return matches.length === 1 ? matches[0]! : null;
}
