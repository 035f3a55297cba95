import type { game } from "~/db/schema";
import { slugify } from "~/lib/slugs";

/**
 * What the catalogue import and the IGDB store both write: a prepared game row, its name+year match key
 * and the slug rules. The writing itself is catalogue-write.queries.server.ts (writeBatch).
 */

export type GameInsert = typeof game.$inferInsert;

/** A game row ready to write: its values, its platform names and its name+year match key. */
export interface Prepared {
  line: number;
  values: GameInsert;
  platforms: string[];
  key: string;
}

export function matchKey(searchName: string, year: number | null | undefined): string {
  return `${searchName}\u0000${year ?? ""}`;
}

/** The slug a new game starts from, before a -2, -3 … suffix makes it unique. */
export function slugBase(name: string): string {
  const base = slugify(name).slice(0, 180).replace(/-+$/, "") || "game";
  // A slug of digits only would be read as an IGDB id by /game/{identifier}.
  return /^\d+$/.test(base) ? `${base}-game` : base;
}

/** A slug for a new game, unique against `taken` (which it updates). */
export function uniqueSlug(name: string, taken: Set<string>): string {
  const base = slugBase(name);
  let slug = base;
  for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
  taken.add(slug);
  return slug;
}
