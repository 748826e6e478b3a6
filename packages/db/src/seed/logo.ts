import type { Random } from './random';

const COLOURS = [
  '#1f4e99', '#b3261e', '#2e7d32', '#6a1b9a', '#ef6c00', '#00838f', '#37474f', '#ad1457',
  '#4e342e', '#283593', '#c0a000', '#00695c',
] as const;

const SHAPES = [
  '<circle cx="64" cy="64" r="60" fill="{fill}"/>',
  '<rect x="6" y="6" width="116" height="116" rx="22" fill="{fill}"/>',
  '<path d="M64 4 L118 22 V62 C118 94 94 114 64 124 C34 114 10 94 10 62 V22 Z" fill="{fill}"/>',
  '<path d="M64 4 L116 34 V94 L64 124 L12 94 V34 Z" fill="{fill}"/>',
] as const;

/** 'Northfield State Falcons' -> 'NF'; one-word names keep their first two letters. */
function initialsOf(name: string): string {
  const words = name.split(/\s+/).filter((word) => /^[A-Za-z]/.test(word));
  const letters = words.length >= 2 ? `${words[0]?.[0]}${words[1]?.[0]}` : (words[0] ?? '?').slice(0, 2);
  return letters.toUpperCase();
}

/** A small team logo: the team's initials on a coloured shape with an accent ring. */
export function teamLogoSvg(random: Random, name: string): string {
  const fill = random.pick(COLOURS);
  const accent = random.pick(COLOURS.filter((colour) => colour !== fill));
  const shape = random.pick(SHAPES).replace('{fill}', fill);
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128">',
    shape,
    `<circle cx="64" cy="64" r="40" fill="none" stroke="${accent}" stroke-width="6"/>`,
    '<text x="64" y="66" text-anchor="middle" dominant-baseline="middle" ',
    'font-family="Arial, Helvetica, sans-serif" font-size="38" font-weight="700" fill="#ffffff">',
    `${initialsOf(name)}</text>`,
    '</svg>',
  ].join('');
}

/** A player's avatar: a head and shoulders in a light tone on a coloured disc, the tag's first letter on the chest. */
export function playerAvatarSvg(random: Random, name: string): string {
  const fill = random.pick(COLOURS);
  const initial = ([...name.trim()].find((c) => /[A-Za-z0-9]/.test(c)) ?? '?').toUpperCase();
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128">',
    `<circle cx="64" cy="64" r="64" fill="${fill}"/>`,
    '<circle cx="64" cy="48" r="22" fill="#f1f3f5"/>',
    '<path d="M22 116c4-26 22-40 42-40s38 14 42 40z" fill="#f1f3f5"/>',
    '<text x="64" y="104" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-size="22" font-weight="700" ',
    `fill="${fill}">${initial}</text>`,
    '</svg>',
  ].join('');
}
