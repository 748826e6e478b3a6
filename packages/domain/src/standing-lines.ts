// Which of a division's lines a place falls inside (docs/product.md, "Standings"): the table
// colours its bands by it and names them.
import type { DivisionLine } from './standings';

/** 'qualify' at place 4 holds places 1-4; 'relegate' at place 10 holds places 10 and below. */
export function placeInsideLine(place: number, line: DivisionLine): boolean {
  return line.kind === 'qualify' ? place <= line.place : place >= line.place;
}

/**
 * The band a place is shown in: the narrowest line holding it (a place inside 'Champion' at 1
 * and 'Playoffs' at 4 is shown as the champion's), or null outside every line.
 */
export function bandOfPlace(place: number, lines: readonly DivisionLine[]): DivisionLine | null {
  let band: DivisionLine | null = null;
  for (const line of lines) {
    if (!placeInsideLine(place, line)) continue;
    const narrower = band === null || (line.kind === 'qualify' ? line.place < band.place : line.place > band.place);
    if (narrower) band = line;
  }
  return band;
}

/** The places a line holds, in words for a legend: 'Places 1–4', 'Place 1', 'Places 10 and below'. */
export function linePlacesText(line: DivisionLine): string {
  if (line.kind === 'relegate') return `Places ${line.place} and below`;
  return line.place === 1 ? 'Place 1' : `Places 1–${line.place}`;
}
