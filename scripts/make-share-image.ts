/**
 * Generates public/og-image.png (1200×630), the image a shared link to any page without a cover of its
 * own shows in chat apps and social networks: the logo, the name and the tagline on the app's dark
 * background. Rendered by the system Chromium (CHROMIUM_PATH, default /usr/bin/chromium) through
 * Playwright, like scripts/make-icons.ts. Then public/og-image.jpg, the address the share tags name, is
 * made from that PNG with sharp. The outputs are committed; run again after changing the logo:
 *
 *   npx tsx scripts/make-share-image.ts
 *   npx tsx scripts/make-share-image.ts --jpeg-only   (the JPEG again from the committed PNG, no browser)
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";
import sharp from "sharp";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { LogoMark } from "../app/components/layout/logo";
import { SHARE_IMAGE_PATH, SHARE_IMAGE_PATH_PNG, SITE_NAME, SITE_TAGLINE } from "../app/lib/meta";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const out = path.join(root, "public", SHARE_IMAGE_PATH_PNG.replace(/^\//, ""));
const jpegOut = path.join(root, "public", SHARE_IMAGE_PATH.replace(/^\//, ""));

/** The JPEG from the PNG: no transparency to lose (the card is opaque); quality 85 keeps the text crisp. */
async function writeJpeg(): Promise<void> {
  await sharp(out).flatten({ background: "#111827" }).jpeg({ quality: 85, mozjpeg: true }).toFile(jpegOut);
  console.log(`wrote ${path.relative(root, jpegOut)}`);
}

if (process.argv.includes("--jpeg-only")) {
  await writeJpeg();
  process.exit(0);
}

const logo = renderToStaticMarkup(createElement(LogoMark, { className: "" })).replace("<svg ", '<svg width="168" height="168" ');
const html = `<!doctype html><html><body style="margin:0">
<div style="width:1200px;height:630px;box-sizing:border-box;padding:96px;display:flex;flex-direction:column;justify-content:center;gap:36px;
  background:radial-gradient(circle at 85% 15%, rgba(124,58,237,.45), transparent 55%), #111827;
  font-family:ui-sans-serif,system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#f9fafb">
  <div style="display:flex;align-items:center;gap:36px">${logo}<span style="font-size:112px;font-weight:900;letter-spacing:-3px">${SITE_NAME}</span></div>
  <div style="font-size:48px;line-height:1.25;color:#e5e7eb;max-width:980px">${SITE_TAGLINE}</div>
</div></body></html>`;

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox"] });
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 630 }, deviceScaleFactor: 1 });
  await page.setContent(html);
  fs.writeFileSync(out, await page.screenshot({ type: "png" }));
  console.log(`wrote ${path.relative(root, out)}`);
} finally {
  await browser.close();
}
await writeJpeg();
