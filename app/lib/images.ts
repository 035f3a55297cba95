/** Image URL helpers for IGDB images and generated placeholder covers. */

type IgdbBaseSize =
  | "t_micro"
  | "t_thumb"
  | "t_cover_small"
  | "t_cover_big"
  | "t_logo_med"
  | "t_screenshot_med"
  | "t_screenshot_big"
  | "t_screenshot_huge"
  | "t_720p"
  | "t_1080p";

/** IGDB's image sizes; each but the original also at double density (`_2x`). */
export type IgdbImageSize = IgdbBaseSize | "t_original" | `${IgdbBaseSize}_2x`;

export const IGDB_IMAGE_BASE = "https://images.igdb.com/igdb/image/upload";

/** (protocol)//images.igdb.com/igdb/image/upload/{size}/{imageId}.{ext}(?query) */
const IGDB_IMAGE_URL =
  /^(?:https?:)?\/\/images\.igdb\.com\/igdb\/image\/upload\/(t_[a-z0-9_]+)\/([A-Za-z0-9_-]+)\.([A-Za-z0-9]+)(?:[?#].*)?$/;
const SIZE_TOKEN = /^t_[a-z0-9_]+$/;
const IMAGE_ID = /^[A-Za-z0-9_-]+$/;

type ParsedIgdbImage = { size: string; imageId: string; ext: string };

function parseIgdbImage(url: unknown): ParsedIgdbImage | null {
  if (typeof url !== "string") return null;
  const match = IGDB_IMAGE_URL.exec(url.trim());
  if (!match) return null;
  const [, size, imageId, ext] = match;
  if (size === undefined || imageId === undefined || ext === undefined) return null;
  return { size, imageId, ext: ext.toLowerCase() };
}

/** True for an IGDB image-CDN URL (with or without protocol). */
export function isIgdbImage(url: unknown): url is string {
  return parseIgdbImage(url) !== null;
}

export type IgdbImageOptions = {
  /** Replacement size token; the URL's own size is kept when omitted. */
  size?: IgdbImageSize;
  /** Swap the extension to .webp (IGDB serves every image as webp). */
  webp?: boolean;
};

/**
 * Rewrites an IGDB image URL to https with the requested size and optionally webp.
 * Non-IGDB URLs are returned unchanged (trimmed); null/empty → null.
 */
export function igdbImageUrl(url: string | null | undefined, options: IgdbImageOptions = {}): string | null {
  if (typeof url !== "string") return null;
  const trimmed = url.trim();
  if (trimmed === "") return null;
  const parsed = parseIgdbImage(trimmed);
  if (!parsed) return trimmed;
  const size = options.size !== undefined && SIZE_TOKEN.test(options.size) ? options.size : parsed.size;
  const ext = options.webp ? "webp" : parsed.ext;
  return `${IGDB_IMAGE_BASE}/${size}/${parsed.imageId}.${ext}`;
}

/** Cover URL at big-cover size over https ('//…/t_thumb/co1wyy.jpg' → 'https://…/t_cover_big/co1wyy.jpg'). */
export function igdbCoverUrl(url: string | null | undefined, size: IgdbImageSize = "t_cover_big"): string | null {
  return igdbImageUrl(url, { size });
}

/** Builds an IGDB image URL from an `image_id` (e.g. cover.image_id); null for bad ids. */
export function igdbImageUrlFromId(imageId: string | null | undefined, size: IgdbImageSize = "t_cover_big", webp = false): string | null {
  if (typeof imageId !== "string" || !IMAGE_ID.test(imageId)) return null;
  return `${IGDB_IMAGE_BASE}/${size}/${imageId}.${webp ? "webp" : "jpg"}`;
}

// ---------------------------------------------------------------------------
// Generated covers (used when a game has no cover art)
// ---------------------------------------------------------------------------

export const GENERATED_COVER_WIDTH = 264;
export const GENERATED_COVER_HEIGHT = 374;
const DEFAULT_TITLE = "Unknown Game";
const MAX_CHARS_PER_LINE = 16;
const MAX_LINES = 4;
const ELLIPSIS = "\u2026";

/** 32-bit FNV-1a hash of a string (deterministic, isomorphic). */
export function hashString(value: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < value.length; i += 1) {
    hash ^= value.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export type CoverColors = { from: string; to: string };

/** Deterministic gradient colours derived from the title. */
export function generatedCoverColors(title: string | null | undefined): CoverColors {
  const key = (typeof title === "string" ? title.trim() : "").toLowerCase();
  const hash = hashString(key);
  const hue = hash % 360;
  const shift = 30 + ((hash >>> 9) % 90);
  const hue2 = (hue + shift) % 360;
  const saturation = 55 + ((hash >>> 17) % 20);
  return {
    from: `hsl(${hue}, ${saturation}%, 42%)`,
    to: `hsl(${hue2}, ${saturation + 5}%, 20%)`,
  };
}

/** Escapes text for XML content and attribute values; drops characters XML cannot hold. */
export function escapeXml(value: string): string {
  return value
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

function truncateWithEllipsis(text: string, maxChars: number): string {
  const chars = Array.from(text);
  if (chars.length < maxChars) return `${text}${ELLIPSIS}`;
  return `${chars
    .slice(0, Math.max(0, maxChars - 1))
    .join("")
    .trimEnd()}${ELLIPSIS}`;
}

/**
 * Greedy word wrap: at most `maxLines` lines of about `maxChars` characters. Words longer than a
 * line are hard-broken; when the text does not fit, the last line ends with an ellipsis.
 */
export function wrapTitle(title: string, maxChars = MAX_CHARS_PER_LINE, maxLines = MAX_LINES): string[] {
  const width = Math.max(1, Math.floor(maxChars));
  const lineLimit = Math.max(1, Math.floor(maxLines));
  const words: string[] = [];
  for (const word of title.trim().split(/\s+/)) {
    if (word === "") continue;
    const chars = Array.from(word);
    for (let i = 0; i < chars.length; i += width) words.push(chars.slice(i, i + width).join(""));
  }

  const lines: string[] = [];
  let current = "";
  let overflow = false;
  for (const word of words) {
    const candidate = current === "" ? word : `${current} ${word}`;
    if (Array.from(candidate).length <= width) {
      current = candidate;
      continue;
    }
    lines.push(current);
    current = word;
    if (lines.length === lineLimit) {
      overflow = true;
      break;
    }
  }
  if (!overflow && current !== "") lines.push(current);

  if (overflow) {
    const last = lines[lineLimit - 1] ?? "";
    lines[lineLimit - 1] = truncateWithEllipsis(last, width);
  }
  return lines;
}

export type GeneratedCoverInput = {
  title: string | null | undefined;
  year?: number | string | null;
};

/** A 264×374 SVG cover: gradient from the title's colours, wrapped title, year at the bottom. */
export function generatedCoverSvg({ title, year }: GeneratedCoverInput): string {
  const text = typeof title === "string" && title.trim() !== "" ? title.trim() : DEFAULT_TITLE;
  const { from, to } = generatedCoverColors(text);
  const gradientId = `sp-cover-${hashString(text).toString(16)}`;
  const lines = wrapTitle(text);
  const fontSize = 26;
  const lineHeight = 32;
  const firstY = Math.round(GENERATED_COVER_HEIGHT / 2 - ((lines.length - 1) * lineHeight) / 2);
  const yearText = typeof year === "number" ? (Number.isFinite(year) ? String(year) : "") : typeof year === "string" ? year.trim() : "";

  const tspans = lines.map((line, index) => `<tspan x="132" y="${firstY + index * lineHeight}">${escapeXml(line)}</tspan>`).join("");

  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${GENERATED_COVER_WIDTH}" height="${GENERATED_COVER_HEIGHT}" viewBox="0 0 ${GENERATED_COVER_WIDTH} ${GENERATED_COVER_HEIGHT}" role="img" aria-label="${escapeXml(text)}">`,
    `<defs><linearGradient id="${gradientId}" x1="0" y1="0" x2="1" y2="1">`,
    `<stop offset="0%" stop-color="${from}"/><stop offset="100%" stop-color="${to}"/>`,
    `</linearGradient></defs>`,
    `<rect width="${GENERATED_COVER_WIDTH}" height="${GENERATED_COVER_HEIGHT}" fill="url(#${gradientId})"/>`,
    `<text fill="#ffffff" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" font-size="${fontSize}" font-weight="700" text-anchor="middle" dominant-baseline="middle">${tspans}</text>`,
    yearText === ""
      ? ""
      : `<text x="132" y="344" fill="#ffffff" fill-opacity="0.8" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" font-size="18" text-anchor="middle">${escapeXml(yearText)}</text>`,
    `</svg>`,
  ].join("");
}

/** Bump when the drawing changes: the URL (and so every cache) then changes with it. */
const GENERATED_COVER_VERSION = "1";
export const GENERATED_COVER_PATH = "/covers/generated/";
export const GENERATED_COVER_TITLE_MAX = 300;

function coverYearText(year: GeneratedCoverInput["year"]): string {
  if (typeof year === "number") return Number.isFinite(year) ? String(Math.trunc(year)) : "";
  return typeof year === "string" ? year.trim() : "";
}

/** The content-derived key of a generated cover: same title and year (and drawing) → same key. */
export function generatedCoverKey(title: string, year: string): string {
  return `${GENERATED_COVER_VERSION}${hashString(`${title}\u0000${year}`).toString(36)}`;
}

/**
 * A cacheable URL for the generated cover (served by /covers/generated/:file), so pages link to it
 * instead of inlining the SVG in every page's HTML.
 */
export function generatedCoverUrl({ title, year }: GeneratedCoverInput): string {
  const text = typeof title === "string" ? title.trim().slice(0, GENERATED_COVER_TITLE_MAX) : "";
  const yearText = coverYearText(year);
  const query = new URLSearchParams({ t: text });
  if (yearText !== "") query.set("y", yearText);
  return `${GENERATED_COVER_PATH}${generatedCoverKey(text, yearText)}.svg?${query.toString()}`;
}

/** The generated cover as a data URI usable in <img src>. */
export function generatedCoverDataUri(input: GeneratedCoverInput): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(generatedCoverSvg(input))}`;
}
