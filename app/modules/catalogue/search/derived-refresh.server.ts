import { createHash } from "node:crypto";
import { normalizeTitle } from "~/lib/search-text";
import { vacuumCatalogue } from "../import/import.queries.server";
import { derivedBatch, readState, writeDerived, writeState } from "./derived.queries.server";
import { COMMUNITY_ALIASES_SOURCE } from "./community-aliases";
import { searchAliasesOf } from "./initialisms";

/**
 * game.search_name and game.search_aliases are derived from a game's name and alternative names when it
 * is imported or fetched (normalizeTitle, searchAliasesOf). When a release changes those rules (a new
 * kind of initialism, say), games stored before it keep the old derivation and search cannot find them
 * the new way until they are imported again. At start-up the server compares the rules' fingerprint
 * with the one stored in app_state and, when it differs, derives every stored game again in batches
 * (writing only the rows that change), then stores the new fingerprint.
 */

export const DERIVATION_KEY = "search_derivation";

/**
 * Titles that exercise each rule (numerals both ways, subtitles, small words, compound and camel-case
 * words, editions, accents, punctuation): a change to a rule changes some of their derivations, hence the
 * fingerprint. RULES_REVISION is the fallback for a change these titles would not show: raise it then.
 */
const PROBES = [
  "Final Fantasy VII",
  "Final Fantasy XIII-2",
  "The Legend of Zelda: Breath of the Wild",
  "Star Wars: Knights of the Old Republic II - The Sith Lords",
  "Call of Duty: Black Ops II",
  "Battlefield 4",
  "TimeSplitters 2",
  "LittleBigPlanet 2",
  "Metal Gear Solid 3: Snake Eater",
  "Half-Life 2",
  "Counter-Strike: Global Offensive",
  "Pokémon Red Version",
  "Tom Clancy's Splinter Cell: Chaos Theory",
  "Grand Theft Auto: San Andreas",
  "The Elder Scrolls V: Skyrim - Special Edition",
  "Warcraft II: Tides of Darkness",
  "Super Mario Bros. 3",
  "Resident Evil 4 (GH)",
  "Dragon Age II",
  "Kingdom Hearts: Chain of Memories",
  "Harvest Moon DS",
  "Red Faction",
  "King of Fighters R-2",
  "Tony Hawk's Underground",
  // Round 6: a tag after a middle number, a number glued to the subtitle's initials, a possessive brand
  // and a middle series word left out, a first syllable, a compound subtitle, an edition subtitle.
  "Super Mario 64 DS",
  "Super Street Fighter IV: Arcade Edition",
  "Naruto Shippuden: Ultimate Ninja Storm 2",
  "Dragon Ball Z: Budokai 3",
  "Tomb Raider: Underworld",
  "Tecmo Super Bowl III: Final Edition",
  // Round 7: a subtitle's initials + its remaster tag, a crossover's letter X, the initials without a
  // leading article across a colon, an ampersand kept as "and".
  "The Legend of Zelda: Twilight Princess HD",
  "Project X Zone",
  "The Binding of Isaac: Rebirth",
  "Ratchet & Clank: Size Matters",
  // Round 8: a pair title's versions sharing a number ("bw2"), a number word as its digit ("ds9").
  "Pokémon Black 2 and White 2",
  "Star Trek: Deep Space Nine",
  // Round 9: a numbered name glued to a one-word subtitle's initial ("ac3l").
  "Assassin's Creed III: Liberation",
  // Round 10: a year cut to two digits or written "2k…" ("fm05", "fm2k5").
  "Football Manager 2005",
  // Round 11: a remaster's tag between the name and its version left out ("kh 1.5"), an edition's initials
  // apart after a numbered name ("kof98 um").
  "Kingdom Hearts HD 1.5 Remix",
  "The King of Fighters '98 Ultimate Match",
  // Round 13: a possessive brand left out of the initialisms ("gr2"), a subtitle's initials without its leading
  // article ("tr: the aod").
  "Tom Clancy's Ghost Recon 2",
  "Tomb Raider: The Angel of Darkness",
  // Round 14: an episode marker ("sw episode 3"), two numbers joined by "&" ("ff1 and 2"), an edition subtitle's
  // initials after the numbered name's ("tes4 goty"), an article inside the name left out ("the rotk2").
  "Star Wars Episode III: Revenge of the Sith",
  "Final Fantasy I & II: Dawn of Souls",
  "The Elder Scrolls IV: Oblivion - Game of the Year Edition",
  "Romance of the Three Kingdoms II",
  // Round 14 too: a numeral after "Vol." ("ccc2"), a word in capitals inside a name ("kgbc3"), "vs" between initials.
  "Konami GB Collection Vol. 3",
  "The Simpsons: Bart vs. The Space Mutants",
  // Round 15a: a three-part title's variant ("oot: mq"), an "&" pair opening a name ("candc ra3: cc"), an episode's
  // letter glued ("swe1r"), a leading brand kept whole ("wwe wm19", "jojo eoh"), a tag after a symbol ("tmsfe").
  "The Legend of Zelda: Ocarina of Time - Master Quest",
  "Command & Conquer Red Alert 3: Commander's Challenge",
  "Star Wars Episode I: Racer",
  "WWE WrestleMania XIX",
  "JoJo's Bizarre Adventure: Eyes of Heaven",
  "Tokyo Mirage Sessions ♯FE",
] as const;
const RULES_REVISION = 11;

/** The rules' fingerprint; `communitySource` is the community alias file's content (a test passes another). */
export function derivationFingerprint(communitySource: string = COMMUNITY_ALIASES_SOURCE): string {
  // The community alias file too: an entry added or changed derives the stored games again.
  const h = createHash("sha256").update(String(RULES_REVISION)).update(communitySource);
  for (const title of PROBES) h.update(`\n${normalizeTitle(title)}\t${searchAliasesOf(title, [`${title} Alt`])}`);
  return h.digest("hex").slice(0, 32);
}

export interface RefreshSummary {
  skipped: boolean;
  checked: number;
  changed: number;
  ms: number;
}

/** Derives every stored game's search columns again when the rules changed since the last run. */
export async function refreshDerivedSearchColumns(
  opts: { batchSize?: number; force?: boolean; signal?: AbortSignal } = {},
): Promise<RefreshSummary> {
  const started = Date.now();
  const fingerprint = derivationFingerprint();
  if (!opts.force && (await readState(DERIVATION_KEY)) === fingerprint) return { skipped: true, checked: 0, changed: 0, ms: 0 };
  const batchSize = opts.batchSize ?? 1000;
  let afterId = 0;
  let checked = 0;
  let changed = 0;
  for (;;) {
    // Stopped (shutdown): the fingerprint stays old, so the next start goes through the games again.
    if (opts.signal?.aborted) return { skipped: false, checked, changed, ms: Date.now() - started };
    const rows = await derivedBatch(afterId, batchSize);
    if (rows.length === 0) break;
    const updates = [];
    for (const row of rows) {
      const searchName = normalizeTitle(row.name);
      const searchAliases = searchAliasesOf(row.name, row.alternativeNames, row.igdbId);
      if (searchName !== row.searchName || searchAliases !== row.searchAliases) updates.push({ id: row.id, searchName, searchAliases });
    }
    await writeDerived(updates);
    checked += rows.length;
    changed += updates.length;
    afterId = rows[rows.length - 1]!.id;
    // Other work (requests) gets its turn between batches: PGlite runs one statement at a time.
    await new Promise((resolve) => setImmediate(resolve));
  }
  // Rewritten rows leave their pages out of the visibility map (search's index-only walks would read
  // the heap again) and the statistics stale.
  if (changed > 0) await vacuumCatalogue();
  await writeState(DERIVATION_KEY, fingerprint);
  return { skipped: false, checked, changed, ms: Date.now() - started };
}
