import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const css = fs.readFileSync(path.join(import.meta.dirname, "app.css"), "utf8");

function token(name: string): string {
  const m = new RegExp(`--color-${name}:\\s*(#[0-9a-f]{6});`, "i").exec(css);
  if (!m) throw new Error(`no --color-${name} in app.css`);
  return m[1]!;
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe("theme colours meet WCAG AA for normal text (4.5:1)", () => {
  it("computes contrast like WCAG does", () => {
    expect(contrast("#ffffff", "#000000")).toBeCloseTo(21, 5);
    expect(contrast("#ffffff", "#8b5cf6")).toBeCloseTo(4.23, 2);
  });

  it.each([
    ["white on accent (primary buttons)", "#ffffff", "accent"],
    ["white on accent-hover", "#ffffff", "accent-hover"],
  ])("%s", (_label, fg, bg) => {
    expect(contrast(fg, token(bg))).toBeGreaterThanOrEqual(4.5);
  });

  it.each([
    ["ink", "page"],
    ["ink", "surface"],
    ["muted", "page"],
    ["muted", "surface"],
    ["accent-strong", "page"],
    ["accent-strong", "surface"],
  ])("%s on %s", (fg, bg) => {
    expect(contrast(token(fg), token(bg))).toBeGreaterThanOrEqual(4.5);
  });
});
