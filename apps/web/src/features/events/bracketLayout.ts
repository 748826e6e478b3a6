import type { BracketMatch, BracketStage } from '@campus-elo/api-contract';

/** The size of a match box and the gaps between them, in CSS pixels. */
export const BOX = { width: 230, height: 64, columnGap: 48, rowGap: 16, header: 28 } as const;

export interface PlacedMatch {
  match: BracketMatch;
  roundName: string;
  x: number;
  y: number;
}

export interface Connector {
  from: number;
  to: number;
  /** An SVG path: right edge of the earlier match, across, down or up, into the next one. */
  d: string;
}

export interface StageLayout {
  width: number;
  height: number;
  rounds: { name: string; x: number }[];
  matches: PlacedMatch[];
  connectors: Connector[];
}

/**
 * Places a stage's matches: rounds as columns; a match sits level with the middle of the
 * matches of this stage that feed it (its winners' slots), so connectors run straight; a match
 * with no feeder takes the next free row. Matches never overlap. Connectors join a match to
 * its next match within the stage.
 */
export function layoutStage(stage: BracketStage): StageLayout {
  const rowHeight = BOX.height + BOX.rowGap;
  const centre = new Map<number, number>();
  const matches: PlacedMatch[] = [];
  stage.rounds.forEach((round, column) => {
    const x = column * (BOX.width + BOX.columnGap);
    const wanted = round.matches.map((match, index) => {
      const feeders = stage.rounds
        .slice(0, column)
        .flatMap((r) => r.matches)
        .filter((m) => m.next_match_id === match.id && centre.has(m.id))
        .map((m) => centre.get(m.id)!);
      const y = feeders.length ? feeders.reduce((a, b) => a + b, 0) / feeders.length - BOX.height / 2 : index * rowHeight;
      return { match, y };
    });
    // Keep the order the feeders give, pushing a match down where it would touch the one above.
    wanted.sort((a, b) => a.y - b.y);
    let floor = 0;
    for (const { match, y } of wanted) {
      const top = Math.max(y, floor);
      floor = top + rowHeight;
      centre.set(match.id, top + BOX.height / 2);
      matches.push({ match, roundName: round.name, x, y: top });
    }
  });
  const byId = new Map(matches.map((placed) => [placed.match.id, placed]));
  const connectors: Connector[] = [];
  for (const placed of matches) {
    const next = placed.match.next_match_id === null ? undefined : byId.get(placed.match.next_match_id);
    if (!next || next.x <= placed.x) continue;
    const x1 = placed.x + BOX.width;
    const y1 = placed.y + BOX.height / 2;
    const x2 = next.x;
    const y2 = next.y + BOX.height / 2;
    const middle = x1 + BOX.columnGap / 2;
    connectors.push({ from: placed.match.id, to: next.match.id, d: `M${x1} ${y1}H${middle}V${y2}H${x2}` });
  }
  const width = stage.rounds.length * (BOX.width + BOX.columnGap) - BOX.columnGap;
  const height = matches.reduce((bottom, placed) => Math.max(bottom, placed.y + BOX.height), 0);
  return { width: Math.max(width, 0), height, rounds: stage.rounds.map((round, column) => ({ name: round.name, x: column * (BOX.width + BOX.columnGap) })), matches, connectors };
}

/** Whether `teamId` took part in the match. */
export const playsIn = (match: BracketMatch, teamId: string) => match.team1?.id === teamId || match.team2?.id === teamId;
