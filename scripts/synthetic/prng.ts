/**
 * A small seeded PRNG (sfc32 seeded through splitmix32) and the draws the
 * synthetic generator needs. Same seed → same sequence, on every platform.
 */

function splitmix32(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
}

export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [min, max] (inclusive). */
  int(min: number, max: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Picks by weight: [[value, weight], ...]. */
  weighted<T>(items: readonly (readonly [T, number])[]): T;
  /** k distinct items (fewer when the list is shorter). */
  sample<T>(items: readonly T[], k: number): T[];
  /** Number of failures before the first success (p = success probability), capped. */
  geometric(p: number, max: number): number;
  /** Approximately normal (mean, sd) from the sum of uniforms. */
  normal(mean: number, sd: number): number;
}

export function createRng(seed: number): Rng {
  const sm = splitmix32(seed);
  let a = sm();
  let b = sm();
  let c = sm();
  let d = sm();
  const next = () => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = ((c << 21) | (c >>> 11)) >>> 0;
    c = (c + t) >>> 0;
    return t / 4294967296;
  };
  for (let i = 0; i < 12; i++) next();

  const rng: Rng = {
    next,
    int(min, max) {
      return min + Math.floor(next() * (max - min + 1));
    },
    chance(p) {
      return next() < p;
    },
    pick(items) {
      if (items.length === 0) throw new Error("pick() from an empty list");
      return items[Math.floor(next() * items.length)] as (typeof items)[number];
    },
    weighted(items) {
      let total = 0;
      for (const [, w] of items) total += w;
      let r = next() * total;
      for (const [v, w] of items) {
        r -= w;
        if (r < 0) return v;
      }
      const last = items[items.length - 1];
      if (!last) throw new Error("weighted() from an empty list");
      return last[0];
    },
    sample(items, k) {
      const copy = [...items];
      const out: (typeof items)[number][] = [];
      while (out.length < k && copy.length > 0) {
        const i = Math.floor(next() * copy.length);
        out.push(copy[i] as (typeof items)[number]);
        copy[i] = copy[copy.length - 1] as (typeof items)[number];
        copy.pop();
      }
      return out;
    },
    geometric(p, max) {
      let n = 0;
      while (n < max && next() >= p) n++;
      return n;
    },
    normal(mean, sd) {
      let s = 0;
      for (let i = 0; i < 6; i++) s += next();
      return mean + (s - 3) * sd * Math.SQRT2;
    },
  };
  return rng;
}

/** A stable 32-bit hash of a string (FNV-1a), for deriving seeds. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}
