import { describe, expect, it } from 'vitest';
import { drawGraphic, type GraphicImage } from './draw-graphic';

/** A 2D context that records the text drawn and ignores the rest (happy-dom has no canvas). */
function recordingContext() {
  const texts: string[] = [];
  const context = new Proxy({} as Record<string | symbol, unknown>, {
    get(target, key) {
      if (key === 'fillText') return (text: string) => texts.push(text);
      if (key === 'measureText') return (text: string) => ({ width: text.length * 10 });
      if (key === 'createLinearGradient') return () => ({ addColorStop() {} });
      if (key in target) return target[key];
      return () => undefined;
    },
    set(target, key, value) {
      target[key] = value;
      return true;
    },
  });
  return { context: context as unknown as CanvasRenderingContext2D, texts };
}

const picture = { width: 10, height: 10 } as unknown as GraphicImage;

describe('drawGraphic', () => {
  it("draws each team's Elo and the ranking week under the title", () => {
    const { context, texts } = recordingContext();
    drawGraphic(context, {
      background: null,
      title: 'TOP 10 TEAMS',
      titleColor: '#fff',
      teamTextColor: '#fff',
      overlayColor: 'rgba(0, 0, 0, 0.7)',
      teams: [
        { name: 'Owls', schoolName: 'Northfield', elo: 1612, picture },
        { name: 'Foxes', schoolName: null, elo: 1498, picture },
      ],
      weekLabel: 'Week of Nov 23, 2026',
      logo: picture,
      siteName: 'Campus Elo',
    });
    expect(texts).toContain('Week of Nov 23, 2026');
    expect(texts.indexOf('1612')).toBeGreaterThan(texts.indexOf('Week of Nov 23, 2026'));
    expect(texts).toContain('1498');
    expect(texts.filter((text) => text === 'Elo')).toHaveLength(2);
  });
});
