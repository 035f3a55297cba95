import { normalizeTitle } from "~/lib/search-text";
import file from "./community-aliases.json";

/**
 * The reviewed override file (community-aliases.json): names players widely use for a famous game that
 * no rule can derive from its stored title — a sequel number the title does not carry ("sly 4" for Sly
 * Cooper: Thieves in Time), a series nickname with its number ("mk9", "ut99"). Keyed by the exact
 * catalogue title; an entry with igdb_id applies only to the record with that IGDB id (two games may
 * share a name). They are indexed in search_aliases and ranked like derived initialisms, a little above
 * them and below real words (search-ranking.ts). What belongs in the file: docs/catalogue-format.md.
 */

export interface CommunityAliasEntry {
  title: string;
  igdb_id?: number;
  aliases: string[];
}

/** Looks up entries by exact title: normalised aliases, those restricted to another IGDB id left out. */
export function communityAliasIndex(entries: readonly CommunityAliasEntry[]): (title: string, igdbId?: number | null) => readonly string[] {
  const byTitle = new Map<string, { igdbId: number | null; aliases: string[] }[]>();
  for (const e of entries) {
    const aliases = [...new Set(e.aliases.map(normalizeTitle).filter(Boolean))];
    byTitle.set(e.title, [...(byTitle.get(e.title) ?? []), { igdbId: e.igdb_id ?? null, aliases }]);
  }
  return (title, igdbId) => {
    const found = byTitle.get(title);
    if (!found) return NONE;
    const out = found.filter((e) => e.igdbId === null || e.igdbId === igdbId).flatMap((e) => e.aliases);
    return out.length ? out : NONE;
  };
}

const NONE: readonly string[] = [];

/** The community aliases of a stored title (normalised), those restricted to another IGDB id left out. */
export const communityAliases = communityAliasIndex((file as { entries: CommunityAliasEntry[] }).entries);

/** The file's content, for the derivation fingerprint: stored games are derived again when it changes. */
export const COMMUNITY_ALIASES_SOURCE = JSON.stringify(file);
