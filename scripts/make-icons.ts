/**
 * Generates the app icons in public/ from the SVG logo in
 * app/components/layout/logo.tsx (the one the header and footer show), so
 * the favicon, the web manifest icons and the Apple touch icon never drift
 * from the logo:
 *
 *   public/favicon.svg               the logo as a standalone SVG (also the manifest's SVG icon)
 *   public/icons/icon-192.png        purpose "any": the logo on a transparent background
 *   public/icons/icon-512.png        purpose "any"
 *   public/icons/icon-maskable-512.png  purpose "maskable": full-bleed, the mark inside the safe zone
 *   public/apple-touch-icon.png      180×180, full-bleed (iOS rounds the corners itself)
 *
 * PNGs are rendered by headless Chromium (the system one, CHROMIUM_PATH,
 * default /usr/bin/chromium) through Playwright, which is already a dev
 * dependency. The outputs are committed; run again after changing the logo:
 *
 *   npx tsx scripts/make-icons.ts
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { LogoMark } from "../app/components/layout/logo";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const publicDir = path.join(root, "public");

/** The logo's SVG markup, standalone (namespace, no classes or ARIA meant for inline use). */
function logoSvg(): string {
  const markup = renderToStaticMarkup(createElement(LogoMark, { className: "" }));
  const svg = markup
    .replace(/ class="[^"]*"/, "")
    .replace(/ aria-hidden="true"/, "")
    .replace(/ focusable="false"/, "")
    .replace("<svg ", '<svg xmlns="http://www.w3.org/2000/svg" ');
  if (!svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"')) {
    throw new Error(`Unexpected logo markup, update scripts/make-icons.ts: ${markup.slice(0, 120)}`);
  }
  return svg;
}

interface IconSpec {
  file: string;
  size: number;
  /**
   * Full-bleed: the logo's rounded tile becomes a square covering the whole
   * image and the view box grows by `padding` units on each side (the logo is
   * 32 units wide), which shrinks the mark towards the centre. Maskable icons
   * need the mark inside the central circle of 80 % diameter.
   */
  fullBleed?: { padding: number };
}

const ICONS: IconSpec[] = [
  { file: "icons/icon-192.png", size: 192 },
  { file: "icons/icon-512.png", size: 512 },
  { file: "icons/icon-maskable-512.png", size: 512, fullBleed: { padding: 4 } },
  { file: "apple-touch-icon.png", size: 180, fullBleed: { padding: 2 } },
];

async function main(): Promise<void> {
  const svg = logoSvg();
  fs.writeFileSync(path.join(publicDir, "favicon.svg"), `${svg}\n`);
  fs.mkdirSync(path.join(publicDir, "icons"), { recursive: true });

  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox"] });
  try {
    for (const icon of ICONS) {
      const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size }, deviceScaleFactor: 1 });
      await page.setContent(`<!doctype html><html><body style="margin:0;background:transparent">${svg}</body></html>`);
      await page.evaluate(
        ({ size, padding }) => {
          const el = document.querySelector("svg")!;
          el.setAttribute("width", String(size));
          el.setAttribute("height", String(size));
          el.style.display = "block";
          if (padding === null) return;
          const extent = 32 + 2 * padding;
          el.setAttribute("viewBox", `${-padding} ${-padding} ${extent} ${extent}`);
          // The tile is the rect filled with the gradient.
          const tile = el.querySelector('rect[fill^="url("]');
          if (!tile) throw new Error("The logo has no gradient tile");
          for (const [name, value] of Object.entries({ x: -padding, y: -padding, width: extent, height: extent, rx: 0 })) {
            tile.setAttribute(name, String(value));
          }
        },
        { size: icon.size, padding: icon.fullBleed?.padding ?? null },
      );
      const png = await page.screenshot({ type: "png", omitBackground: !icon.fullBleed });
      fs.writeFileSync(path.join(publicDir, icon.file), png);
      console.log(`wrote public/${icon.file} (${icon.size}×${icon.size}, ${png.length} bytes)`);
      await page.close();
    }
  } finally {
    await browser.close();
  }
}

await main();
