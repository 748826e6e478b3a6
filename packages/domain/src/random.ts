/**
 * A small seeded random source (mulberry32) so a seed always produces the same draw: the
 * same demo league, ids included, or the same random seeding of an event. Math.random cannot be seeded, and crypto uuids would differ on every run.
 */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** A copy of `items` in random order (Fisher-Yates). */
  shuffled<T>(items: readonly T[]): T[];
  /** Roughly normal (sum of uniforms), mean 0 and standard deviation 1. */
  normal(): number;
  /** A version-4 shaped uuid drawn from this source. */
  uuid(): string;
}

/** A 32-bit seed from text (FNV-1a), so streams can be named rather than numbered. */
function seedFromText(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

export function createRandom(seed: number | string): Random {
  let state = typeof seed === 'string' ? seedFromText(seed) : seed >>> 0;

  const nextUint32 = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
  const next = () => nextUint32() / 4294967296;

  const random: Random = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (probability) => next() < probability,
    pick<T>(items: readonly T[]): T {
      if (items.length === 0) throw new RangeError('pick: no items');
      return items[Math.floor(next() * items.length)] as T;
    },
    shuffled<T>(items: readonly T[]): T[] {
      const copy = items.slice();
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
      }
      return copy;
    },
    // Six uniforms have variance 1/2, hence the factor.
    normal: () => (next() + next() + next() + next() + next() + next() - 3) * Math.SQRT2,
    uuid() {
      const bytes: number[] = [];
      for (let i = 0; i < 4; i++) {
        const word = nextUint32();
        bytes.push(word >>> 24, (word >>> 16) & 0xff, (word >>> 8) & 0xff, word & 0xff);
      }
      bytes[6] = ((bytes[6] as number) & 0x0f) | 0x40;
      bytes[8] = ((bytes[8] as number) & 0x3f) | 0x80;
      const hex = bytes.map((byte) => HEX[byte]).join('');
      return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
    },
  };
  return random;
}
