import { describe, expect, it } from 'vitest';
import { bandOfPlace, linePlacesText, placeInsideLine } from './standing-lines';
import type { DivisionLine } from './standings';

const champion: DivisionLine = { place: 1, label: 'Champion', kind: 'qualify' };
const playoffs: DivisionLine = { place: 4, label: 'Playoffs', kind: 'qualify' };
const down: DivisionLine = { place: 7, label: 'Relegation', kind: 'relegate' };

describe('division lines', () => {
  it('holds places at or above a qualify line and at or below a relegate line', () => {
    expect([1, 4, 5].map((place) => placeInsideLine(place, playoffs))).toEqual([true, true, false]);
    expect([6, 7, 8].map((place) => placeInsideLine(place, down))).toEqual([false, true, true]);
  });

  it('shows a place in the narrowest line holding it, none outside every line', () => {
    const lines = [playoffs, champion, down];
    expect([1, 2, 4, 5, 7, 8].map((place) => bandOfPlace(place, lines)?.label ?? null)).toEqual(['Champion', 'Playoffs', 'Playoffs', null, 'Relegation', 'Relegation']);
    expect(bandOfPlace(3, [])).toBeNull();
  });

  it('names the places of a line', () => {
    expect([champion, playoffs, down].map(linePlacesText)).toEqual(['Place 1', 'Places 1–4', 'Places 7 and below']);
  });
});
