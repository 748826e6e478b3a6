import { describe, expect, it } from 'vitest';
import { graphicFileName } from './GraphicGenerator';

describe('graphicFileName', () => {
  it('names the PNG after the title', () => {
    expect(graphicFileName('TOP 10 TEAMS')).toBe('top-10-teams.png');
    expect(graphicFileName('  Week 3: Best of the East! ')).toBe('week-3-best-of-the-east.png');
    expect(graphicFileName('★★★')).toBe('graphic.png');
  });
});
