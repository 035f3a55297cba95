import { describe, expect, it } from "vitest";
import { normalizeTitle } from "../../app/lib/search-text";
import { createRng } from "../../scripts/synthetic/prng";
import { nearMissQueries, oneEdit } from "./near-miss-queries";

/** Optimal-string-alignment distance: deletions, insertions, substitutions and adjacent swaps. */
function editDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  }
  return d[a.length]![b.length]!;
}

const TITLES = [
  "Metal Gear Solid 2: Sons of Liberty",
  "The Elder Scrolls V: Skyrim",
  "The Legend of Zelda: Breath of the Wild",
  "Star Wars: Knights of the Old Republic",
  "Red Dead Redemption 2",
  "Shadow of the Colossus",
  "Final Fantasy X",
  "Grand Theft Auto: San Andreas",
  "Silent Hill 2 (GH)",
  "The Pawn",
];

describe("nearMissQueries", () => {
  it("makes the initialisms players type, of the head, the head before a subtitle and the subtitle", () => {
    const qs = new Set(TITLES.flatMap((t) => nearMissQueries(t, createRng(1)).map((q) => q.q)));
    for (const q of ["mgs 2", "mgs2", "tes skyrim", "botw", "kotor", "rdr 2", "rdr2", "sotc", "ff x", "ffx", "gta san andreas", "sh 2"]) {
      expect(qs, q).toContain(q);
    }
  });

  it("keeps every typo within one edit per word of the title, with the same words", () => {
    for (let seed = 1; seed <= 20; seed++) {
      for (const title of TITLES) {
        const words = normalizeTitle(title.replace(/\s*\([^)]*\)$/, "")).split(" ");
        for (const q of nearMissQueries(title, createRng(seed)).filter((x) => x.kind.startsWith("typo"))) {
          const typed = q.q.split(" ");
          expect(typed).toHaveLength(words.length);
          const changed = typed.filter((w, i) => w !== words[i]);
          for (const [i, w] of typed.entries()) expect(editDistance(w, words[i]!), `${q.q} ← ${title}`).toBeLessThanOrEqual(1);
          if (q.kind === "typo-one-word") expect(changed).toHaveLength(1);
          else expect(changed.length).toBeGreaterThanOrEqual(2);
        }
      }
    }
  });

  it("leaves out trailing tags, two-letter initialisms and the title itself", () => {
    const gh = nearMissQueries("Silent Hill 2 (GH)", createRng(3)).map((q) => q.q);
    expect(gh.some((q) => /\bgh\b/.test(q))).toBe(false);
    expect(gh).not.toContain("silent hill 2");
    expect(nearMissQueries("The Pawn", createRng(3)).map((q) => q.q)).not.toContain("tp");
  });

  it("is the same for the same seed", () => {
    const run = (seed: number) => TITLES.flatMap((t) => nearMissQueries(t, createRng(seed)));
    expect(run(7)).toEqual(run(7));
  });
});

describe("oneEdit", () => {
  it("changes the word by exactly one edit", () => {
    const rng = createRng(11);
    for (const word of ["zelda", "halo", "war", "metroid", "skyrim"]) {
      for (let i = 0; i < 50; i++) {
        const out = oneEdit(word, rng);
        expect(out).not.toBe(word);
        expect(editDistance(out, word)).toBe(1);
      }
    }
  });
});
