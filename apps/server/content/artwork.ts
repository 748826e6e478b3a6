/**
 * Original, abstract artwork for the demo news posts: each design is an SVG that
 * generate.ts rasterises with sharp. Flat shapes and gradients only, so the WebP files
 * stay small.
 */

export const ART_WIDTH = 1200;
export const ART_HEIGHT = 675;

interface Palette {
  from: string;
  to: string;
  accent: string;
  ink: string;
}

const palettes = {
  indigo: { from: '#1e1b4b', to: '#4338ca', accent: '#fbbf24', ink: '#e0e7ff' },
  teal: { from: '#042f2e', to: '#0f766e', accent: '#f472b6', ink: '#ccfbf1' },
  crimson: { from: '#450a0a', to: '#b91c1c', accent: '#fde68a', ink: '#fee2e2' },
  slate: { from: '#0f172a', to: '#334155', accent: '#38bdf8', ink: '#e2e8f0' },
  forest: { from: '#052e16', to: '#15803d', accent: '#facc15', ink: '#dcfce7' },
  violet: { from: '#2e1065', to: '#7c3aed', accent: '#34d399', ink: '#ede9fe' },
  amber: { from: '#431407', to: '#c2410c', accent: '#fef3c7', ink: '#ffedd5' },
  ocean: { from: '#082f49', to: '#0369a1', accent: '#fb923c', ink: '#e0f2fe' },
} satisfies Record<string, Palette>;

function frame(p: Palette, content: string, label?: string): string {
  const caption = label
    ? `<text x="64" y="${ART_HEIGHT - 56}" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="40" letter-spacing="6" fill="${p.ink}" opacity="0.9">${label}</text>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${ART_WIDTH}" height="${ART_HEIGHT}" viewBox="0 0 ${ART_WIDTH} ${ART_HEIGHT}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.from}"/><stop offset="1" stop-color="${p.to}"/></linearGradient></defs>
<rect width="${ART_WIDTH}" height="${ART_HEIGHT}" fill="url(#bg)"/>
${content}
${caption}
</svg>`;
}

function hexagon(cx: number, cy: number, r: number): string {
  const points = Array.from({ length: 6 }, (_, i) => {
    const angle = (Math.PI / 3) * i + Math.PI / 6;
    return `${(cx + r * Math.cos(angle)).toFixed(1)},${(cy + r * Math.sin(angle)).toFixed(1)}`;
  });
  return points.join(' ');
}

function star(cx: number, cy: number, outer: number, inner: number): string {
  return Array.from({ length: 10 }, (_, i) => {
    const r = i % 2 === 0 ? outer : inner;
    const angle = (Math.PI / 5) * i - Math.PI / 2;
    return `${(cx + r * Math.cos(angle)).toFixed(1)},${(cy + r * Math.sin(angle)).toFixed(1)}`;
  }).join(' ');
}

const designs = {
  kickoff: () => {
    const p = palettes.indigo;
    const stripes = Array.from({ length: 14 }, (_, i) => `<rect x="${i * 110 - 300}" y="-100" width="40" height="900" fill="${p.ink}" opacity="0.05" transform="rotate(25 600 337)"/>`).join('');
    return frame(
      p,
      `${stripes}<polygon points="${hexagon(820, 300, 210)}" fill="none" stroke="${p.accent}" stroke-width="14"/>
<polygon points="${hexagon(820, 300, 150)}" fill="${p.accent}" opacity="0.18"/>
<polygon points="${star(820, 300, 90, 38)}" fill="${p.accent}"/>`,
      'FALL 2026',
    );
  },
  eloCurve: () => {
    const p = palettes.slate;
    const grid = Array.from({ length: 9 }, (_, i) => `<line x1="${100 + i * 125}" y1="80" x2="${100 + i * 125}" y2="560" stroke="${p.ink}" stroke-opacity="0.12" stroke-width="2"/>`).join('');
    const rows = Array.from({ length: 5 }, (_, i) => `<line x1="100" y1="${80 + i * 120}" x2="1100" y2="${80 + i * 120}" stroke="${p.ink}" stroke-opacity="0.12" stroke-width="2"/>`).join('');
    const curve = Array.from({ length: 101 }, (_, i) => {
      const x = 100 + i * 10;
      const y = 560 - 480 / (1 + Math.pow(10, -(i - 50) / 18));
      return `${x},${y.toFixed(1)}`;
    }).join(' ');
    return frame(
      p,
      `${grid}${rows}<polyline points="${curve}" fill="none" stroke="${p.accent}" stroke-width="10" stroke-linecap="round"/>
<circle cx="600" cy="320" r="18" fill="${p.ink}"/>`,
      'EXPECTED SCORE',
    );
  },
  ladder: () => {
    const p = palettes.amber;
    const steps = Array.from({ length: 6 }, (_, i) => `<rect x="${140 + i * 150}" y="${520 - i * 70}" width="150" height="${70 + i * 70}" fill="${p.ink}" opacity="${0.15 + i * 0.1}"/>`).join('');
    return frame(p, `${steps}<polygon points="${star(1020, 110, 60, 26)}" fill="${p.accent}"/>`, 'ELO 101');
  },
  circuits: () => {
    const p = palettes.teal;
    return frame(
      p,
      `<circle cx="500" cy="320" r="190" fill="none" stroke="${p.ink}" stroke-width="28" opacity="0.85"/>
<circle cx="720" cy="320" r="190" fill="none" stroke="${p.accent}" stroke-width="28" opacity="0.85"/>
<circle cx="610" cy="320" r="46" fill="${p.ink}" opacity="0.25"/>`,
      'NECC + PLAYFLY',
    );
  },
  mapPool: () => {
    const p = palettes.amber;
    const tiles = [
      [120, 90, 300, 180], [440, 90, 160, 320], [620, 90, 460, 140], [120, 290, 300, 140],
      [620, 250, 220, 160], [860, 250, 220, 300], [120, 450, 700, 100],
    ]
      .map(([x, y, w, h], i) => `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="10" fill="${i === 2 ? p.accent : p.ink}" opacity="${i === 2 ? 0.75 : 0.16}"/>`)
      .join('');
    return frame(p, `${tiles}<circle cx="740" cy="330" r="26" fill="none" stroke="${p.accent}" stroke-width="8"/>`, 'MAP POOL');
  },
  rankings: () => {
    const p = palettes.violet;
    const heights = [420, 380, 350, 300, 280, 240, 210, 180, 150, 120];
    const bars = heights
      .map((h, i) => `<rect x="${110 + i * 100}" y="${560 - h}" width="70" height="${h}" rx="8" fill="${i === 0 ? p.accent : p.ink}" opacity="${i === 0 ? 1 : 0.35 + (9 - i) * 0.04}"/>`)
      .join('');
    return frame(p, bars, 'TOP TEN');
  },
  checklist: () => {
    const p = palettes.forest;
    const rows = Array.from({ length: 4 }, (_, i) => {
      const y = 150 + i * 95;
      return `<rect x="420" y="${y}" width="54" height="54" rx="10" fill="none" stroke="${p.ink}" stroke-width="6"/>
<polyline points="${432},${y + 28} ${445},${y + 42} ${468},${y + 12}" fill="none" stroke="${p.accent}" stroke-width="9" stroke-linecap="round" stroke-linejoin="round"/>
<rect x="500" y="${y + 16}" width="${300 - i * 40}" height="22" rx="11" fill="${p.ink}" opacity="0.5"/>`;
    }).join('');
    return frame(p, `<rect x="370" y="90" width="480" height="480" rx="28" fill="${p.from}" opacity="0.55"/>${rows}`);
  },
  spotlight: () => {
    const p = palettes.ocean;
    return frame(
      p,
      `<polygon points="600,0 380,620 820,620" fill="${p.ink}" opacity="0.1"/>
<circle cx="600" cy="300" r="82" fill="${p.ink}" opacity="0.9"/>
<path d="M440 560 C 440 430 760 430 760 560 Z" fill="${p.ink}" opacity="0.9"/>
<rect x="520" y="284" width="160" height="20" rx="10" fill="${p.accent}"/>`,
      'SPOTLIGHT',
    );
  },
  upsets: () => {
    const p = palettes.crimson;
    return frame(
      p,
      `<polygon points="660,60 430,380 580,380 520,620 800,270 640,270 720,60" fill="${p.accent}"/>
<circle cx="250" cy="200" r="70" fill="${p.ink}" opacity="0.12"/><circle cx="980" cy="470" r="110" fill="${p.ink}" opacity="0.12"/>`,
      'UPSET WATCH',
    );
  },
  community: () => {
    const p = palettes.violet;
    return frame(
      p,
      `<rect x="250" y="130" width="420" height="220" rx="40" fill="${p.ink}" opacity="0.9"/>
<polygon points="320,340 300,420 400,345" fill="${p.ink}" opacity="0.9"/>
<rect x="560" y="270" width="400" height="200" rx="40" fill="${p.accent}"/>
<polygon points="880,460 910,530 820,465" fill="${p.accent}"/>
<path d="M760 330 c -30 -40 -90 -10 -60 40 l 60 50 l 60 -50 c 30 -50 -30 -80 -60 -40 z" fill="${p.from}"/>`,
      'COMMUNITY NIGHT',
    );
  },
  risingStars: () => {
    const p = palettes.indigo;
    const stars = [
      [260, 430, 60], [470, 340, 75], [690, 250, 90], [930, 150, 110],
    ]
      .map(([x, y, r], i) => `<polygon points="${star(x!, y!, r!, r! * 0.42)}" fill="${i === 3 ? p.accent : p.ink}" opacity="${0.5 + i * 0.15}"/>`)
      .join('');
    return frame(p, `<polyline points="200,540 470,420 690,330 930,220" fill="none" stroke="${p.ink}" stroke-width="6" stroke-dasharray="18 14" opacity="0.5"/>${stars}`, 'RISING STARS');
  },
  playoffs: () => {
    const p = palettes.slate;
    const line = (d: string) => `<path d="${d}" fill="none" stroke="${p.ink}" stroke-width="10" opacity="0.6" stroke-linejoin="round"/>`;
    const bracket = [
      'M120 110 H300 V210 H120', 'M120 330 H300 V430 H120', 'M300 160 H460 V380 H300',
      'M1080 110 H900 V210 H1080', 'M1080 330 H900 V430 H1080', 'M900 160 H740 V380 H900',
      'M460 270 H540', 'M740 270 H660',
    ]
      .map(line)
      .join('');
    return frame(
      p,
      `${bracket}<path d="M540 200 H660 V260 C 660 330 540 330 540 260 Z" fill="${p.accent}"/>
<rect x="588" y="320" width="24" height="50" fill="${p.accent}"/><rect x="550" y="370" width="100" height="22" rx="6" fill="${p.accent}"/>`,
      'PLAYOFFS',
    );
  },
  crosshair: () => {
    const p = palettes.teal;
    return frame(
      p,
      `<circle cx="600" cy="337" r="200" fill="none" stroke="${p.ink}" stroke-width="10" opacity="0.7"/>
<circle cx="600" cy="337" r="110" fill="none" stroke="${p.ink}" stroke-width="6" opacity="0.4"/>
<rect x="590" y="90" width="20" height="170" fill="${p.accent}"/><rect x="590" y="414" width="20" height="170" fill="${p.accent}"/>
<rect x="353" y="327" width="170" height="20" fill="${p.accent}"/><rect x="677" y="327" width="170" height="20" fill="${p.accent}"/>
<circle cx="600" cy="337" r="10" fill="${p.accent}"/>`,
    );
  },
  scoreboard: () => {
    const p = palettes.ocean;
    const rows = Array.from({ length: 6 }, (_, i) => {
      const y = 110 + i * 75;
      return `<rect x="160" y="${y}" width="880" height="58" rx="10" fill="${p.ink}" opacity="${i === 0 ? 0.9 : 0.14}"/>
<rect x="190" y="${y + 20}" width="${260 - i * 18}" height="18" rx="9" fill="${i === 0 ? p.from : p.ink}" opacity="${i === 0 ? 1 : 0.6}"/>
<rect x="900" y="${y + 16}" width="110" height="26" rx="8" fill="${p.accent}" opacity="${1 - i * 0.12}"/>`;
    }).join('');
    return frame(p, rows);
  },
  lanSetup: () => {
    const p = palettes.forest;
    const monitors = Array.from({ length: 5 }, (_, i) => {
      const x = 110 + i * 200;
      return `<rect x="${x}" y="200" width="180" height="110" rx="10" fill="${p.from}" stroke="${p.ink}" stroke-width="6"/>
<rect x="${x + 80}" y="310" width="20" height="40" fill="${p.ink}" opacity="0.7"/>
<rect x="${x + 50}" y="350" width="80" height="12" rx="6" fill="${p.ink}" opacity="0.7"/>
<rect x="${x + 20}" y="222" width="${60 + i * 15}" height="12" rx="6" fill="${p.accent}" opacity="0.8"/>`;
    }).join('');
    return frame(p, `<rect x="80" y="380" width="1040" height="26" rx="8" fill="${p.ink}" opacity="0.4"/>${monitors}`);
  },
};

export type DesignName = keyof typeof designs;

export function renderDesign(name: DesignName): string {
  return designs[name]();
}
