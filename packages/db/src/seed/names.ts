import type { Random } from './random';

// Invented places, so no real school's name or trademark appears in the demo.
const PLACES = [
  'Northfield', 'Cedar Ridge', 'Lakeshore', 'Ashford', 'Bramblewood', 'Clearwater', 'Dunmore',
  'Eastbrook', 'Fairhaven', 'Glenwood', 'Harborview', 'Ironwood', 'Juniper Falls', 'Kingsport',
  'Larkspur', 'Maple Grove', 'Northgate', 'Oakhurst', 'Pinecrest', 'Quarry Hill', 'Redstone',
  'Silverlake', 'Thornbury', 'Upton', 'Valemont', 'Westbrook', 'Willow Bend', 'Yarmouth Bay',
  'Alder Creek', 'Bayside', 'Coldspring', 'Deer Valley', 'Elmhurst', 'Foxborough', 'Granite Peak',
  'Highland Park', 'Indigo Bay', 'Jasper', 'Kestrel Point', 'Lindenwood', 'Millbrook', 'New Carlow',
  'Old Harbor', 'Prairie View', 'Riverton', 'Stonebridge', 'Timberline', 'Union Springs',
  'Vista Del Mar', 'Whitmore', 'Brookhaven', 'Crescent City', 'Easton Hills', 'Falcon Ridge',
  'Greenhill', 'Hollow Creek', 'Lake Tamsin', 'Mountview', 'Port Ellis', 'Sterling', 'Summit Lake',
  'Tallgrass', 'Westfield', 'Windermere', 'Rosewood', 'Copperfield', 'Marlow', 'Evergreen',
] as const;

const MASCOTS = [
  'Falcons', 'Wolves', 'Titans', 'Ravens', 'Hornets', 'Lions', 'Phoenix', 'Vipers', 'Knights',
  'Spartans', 'Owls', 'Stallions', 'Panthers', 'Grizzlies', 'Hawks', 'Cougars', 'Mustangs',
  'Storm', 'Comets', 'Rams', 'Bobcats', 'Foxes', 'Huskies', 'Jaguars', 'Mavericks', 'Pioneers',
  'Rockets', 'Sentinels', 'Tigers', 'Vikings', 'Wildcats', 'Yellowjackets', 'Bulldogs', 'Eagles',
  'Lynx', 'Otters', 'Cyclones', 'Dragons', 'Monarchs', 'Raptors', 'Scorpions', 'Thunder',
  'Wardens', 'Griffins', 'Coyotes', 'Herons', 'Badgers', 'Krakens', 'Sharks', 'Bison',
] as const;

const CLUB_WORDS = [
  'Midnight', 'Neon', 'Crimson', 'Static', 'Obsidian', 'Velocity', 'Echo', 'Arcane', 'Binary',
  'Quantum', 'Rogue', 'Cobalt', 'Eclipse', 'Vertex', 'Nightshift', 'Overclock', 'Paradox', 'Zenith',
] as const;

const SCHOOL_FORMS: readonly { school: (place: string) => string; short: (place: string) => string }[] = [
  { school: (p) => `University of ${p}`, short: (p) => p },
  { school: (p) => `${p} State University`, short: (p) => `${p} State` },
  { school: (p) => `${p} College`, short: (p) => p },
  { school: (p) => `${p} Institute of Technology`, short: (p) => `${p} Tech` },
  { school: (p) => `${p} Community College`, short: (p) => `${p} CC` },
  { school: (p) => `${p} University`, short: (p) => p },
];

export interface TeamIdentity {
  name: string;
  schoolName: string | null;
}

/**
 * College-like team identities with unique names (participants are keyed by team name), also
 * unique against `names` already taken (by the other parts of a league built in parts), which it adds
 * to. The first PLACES.length schools each use a different place, so a demo-sized league reads
 * like one team per school; larger leagues reuse places with other school forms and mascots.
 */
export function createTeamIdentities(random: Random, count: number, clubShare: number, names = new Set<string>()): TeamIdentity[] {
  const places = random.shuffled(PLACES);
  const identities: TeamIdentity[] = [];
  const unique = (candidate: string) => {
    let name = candidate;
    for (let n = 2; names.has(name); n++) name = `${candidate} ${n}`;
    names.add(name);
    return name;
  };
  for (let i = 0; i < count; i++) {
    if (random.chance(clubShare)) {
      identities.push({ name: unique(`${random.pick(CLUB_WORDS)} ${random.pick(MASCOTS)}`), schoolName: null });
      continue;
    }
    const place = places[i % places.length] as string;
    const form = random.pick(SCHOOL_FORMS);
    identities.push({ name: unique(`${form.short(place)} ${random.pick(MASCOTS)}`), schoolName: form.school(place) });
  }
  return identities;
}

const TAG_STARTS = [
  'shadow', 'frost', 'nova', 'vortex', 'blaze', 'ghost', 'viper', 'pixel', 'rift', 'zero', 'echo',
  'hex', 'lumen', 'kairo', 'drift', 'storm', 'raze', 'onyx', 'flick', 'spark', 'tempo', 'jolt',
  'mirage', 'nuke', 'smoke', 'flash', 'crisp', 'swift', 'lucky', 'mono', 'neo', 'sly', 'toxic',
  'wraith', 'zap', 'astro', 'byte', 'chill', 'dash', 'ember',
] as const;
const TAG_ENDS = ['', '', '', 'x', 'z', 'o', 'er', 'fox', 'bit', 'wolf', 'ace', 'king', 'lord', 'tv', 'gg', 'fps'] as const;

/** Unique gamer tags such as 'Frostbit', 'n0va_ace' or 'VIPER42'. */
export function createGamerTags(random: Random, count: number): string[] {
  const tags = new Set<string>();
  while (tags.size < count) {
    let tag = `${random.pick(TAG_STARTS)}${random.pick(TAG_ENDS)}`;
    const style = random.next();
    if (style < 0.35) tag = tag.charAt(0).toUpperCase() + tag.slice(1);
    else if (style < 0.45) tag = tag.toUpperCase();
    else if (style < 0.6) tag = tag.replace(/o/g, '0').replace(/e/g, '3');
    if (random.chance(0.35)) tag += String(random.int(1, 99));
    if (random.chance(0.1)) tag = `${tag}_${random.pick(TAG_ENDS) || 'cs'}`;
    if (tags.has(tag)) tag += String(random.int(100, 9999));
    tags.add(tag);
  }
  return [...tags];
}
