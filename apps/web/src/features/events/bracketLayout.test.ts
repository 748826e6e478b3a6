import { describe, expect, it } from 'vitest';
import { BOX, layoutStage } from './bracketLayout';
import { finishedPlayoff, runningInvitational } from './fixtures';

describe('layoutStage', () => {
  it('puts rounds in columns and the final level with the middle of its two semifinals', () => {
    const layout = layoutStage(finishedPlayoff.stages[0]!);
    const [semi1, semi2, final] = layout.matches;
    expect(layout.rounds.map((r) => r.name)).toEqual(['Semifinals', 'Final']);
    expect([semi1!.x, semi2!.x, final!.x]).toEqual([0, 0, BOX.width + BOX.columnGap]);
    expect(final!.y).toBe((semi1!.y + semi2!.y) / 2);
    expect(semi2!.y - semi1!.y).toBeGreaterThanOrEqual(BOX.height);
    expect(layout.width).toBe(2 * BOX.width + BOX.columnGap);
  });

  it('joins each match to its next match within the stage', () => {
    const layout = layoutStage(finishedPlayoff.stages[0]!);
    expect(layout.connectors.map((c) => [c.from, c.to])).toEqual([
      [1, 3],
      [2, 3],
    ]);
    // From the right edge of the semifinal, into the left edge of the final.
    expect(layout.connectors[0]!.d).toMatch(new RegExp(`^M${BOX.width} `));
    expect(layout.connectors[0]!.d).toMatch(new RegExp(`H${BOX.width + BOX.columnGap}$`));
  });

  it('draws no connector to a next match in another stage (the grand final)', () => {
    const lower = layoutStage(runningInvitational.stages[1]!);
    expect(lower.matches).toHaveLength(1);
    expect(lower.connectors).toEqual([]);
  });
});
