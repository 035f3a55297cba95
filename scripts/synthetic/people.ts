import { createRng, hashString } from "./prng";
import { FIRST_NAMES, LAST_NAMES, REVIEW_SENTENCES } from "./words";

/**
 * Synthetic users and ratings. Users are derived from their index alone
 * (`synthetic user i` is the same in every run, so re-seeding never duplicates
 * them); ratings are drawn from a seeded PRNG with a skew: a few popular games
 * collect most ratings, a few active users write most of them.
 */

export interface SyntheticUser {
  username: string;
  name: string;
  email: string;
}

export const SYNTHETIC_EMAIL_DOMAIN = "synthetic.savepoint.invalid";

export function syntheticUser(index: number): SyntheticUser {
  const h = hashString(`user:${index}`);
  const first = FIRST_NAMES[h % FIRST_NAMES.length] ?? "Player";
  const last = LAST_NAMES[(h >>> 8) % LAST_NAMES.length] ?? "One";
  // ^[a-z0-9_]{3,21}$ (the user table's check): "kira_vale_1234".
  const username = `${first}_${last}`.toLowerCase().slice(0, 13) + `_${index.toString(36)}`;
  return { username: username.slice(0, 21), name: `${first} ${last}`, email: `${username}@${SYNTHETIC_EMAIL_DOMAIN}` };
}

export interface SyntheticRating {
  /** Index into the users passed in. */
  user: number;
  /** Index into the games passed in. */
  game: number;
  /** 1–10 in half steps. */
  rating: number;
  review: string | null;
  /** ISO timestamp. */
  postedAt: string;
}

export interface RatingPlan {
  users: number;
  /** Release year of each rateable game (by index); games from after `until` are not rated. */
  gameYears: ArrayLike<number>;
  ratings: number;
  seed: number;
  /** Latest rating date (default 2025-12-31). */
  until?: Date;
}

/** A game's "true quality" in [3, 9], stable per game index and seed. */
function quality(game: number, seed: number): number {
  return 3 + ((hashString(`q:${seed}:${game}`) % 1000) / 1000) * 6;
}

export function reviewText(rng: ReturnType<typeof createRng>): string {
  return rng.sample(REVIEW_SENTENCES, rng.int(1, 3)).join(" ");
}

/**
 * Up to `plan.ratings` distinct (user, game) ratings. Fewer when the space is
 * too small. Deterministic for a given plan.
 */
export function generateRatings(plan: RatingPlan): SyntheticRating[] {
  const rng = createRng(plan.seed ^ 0x5bd1e995);
  const games = plan.gameYears.length;
  const until = plan.until ?? new Date("2025-12-31T12:00:00Z");
  const untilYear = until.getUTCFullYear();
  if (plan.users <= 0 || games <= 0 || plan.ratings <= 0) return [];
  const want = Math.min(plan.ratings, Math.floor(plan.users * games * 0.5));
  // A fixed permutation so popularity does not follow insertion order.
  const step = pickCoprime(games, plan.seed);
  const offset = hashString(`off:${plan.seed}`) % games;
  const seen = new Set<number>();
  const out: SyntheticRating[] = [];
  let attempts = 0;
  while (out.length < want && attempts < want * 20) {
    attempts++;
    const g = (Math.floor(games * Math.pow(rng.next(), 2.2)) * step + offset) % games;
    const year = plan.gameYears[g] ?? untilYear;
    if (year > untilYear) continue;
    const u = Math.floor(plan.users * Math.pow(rng.next(), 1.6));
    const key = u * games + g;
    if (seen.has(key)) continue;
    seen.add(key);
    const raw = rng.normal(quality(g, plan.seed), 1.4);
    const rating = Math.min(10, Math.max(1, Math.round(raw * 2) / 2));
    const from = Math.max(Date.UTC(Math.max(year, 2000), 0, 1), until.getTime() - 6 * 365 * 86_400_000);
    const postedAt = new Date(from + rng.next() * Math.max(0, until.getTime() - from)).toISOString();
    out.push({ user: u, game: g, rating, review: rng.chance(0.3) ? reviewText(rng) : null, postedAt });
  }
  return out;
}

function gcd(a: number, b: number): number {
  while (b) [a, b] = [b, a % b];
  return a;
}

function pickCoprime(n: number, seed: number): number {
  if (n <= 2) return 1;
  let s = (hashString(`step:${seed}`) % (n - 1)) + 1;
  while (gcd(s, n) !== 1) s = (s % (n - 1)) + 1;
  return s;
}
