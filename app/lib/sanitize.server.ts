import sanitize from "sanitize-html";
import { cleanLongText, hasVisibleText } from "./user-text";

/**
 * Rich-text sanitising for text that comes from outside (the games database, imports).
 * Three configurations:
 * - strict: no tags at all, text only (escaped);
 * - basic:  b, i, em, strong, u, s, br, p, ul, ol, li, blockquote, code, pre, h3–h6, no attributes;
 * - url:    basic plus links (<a href>) whose scheme is http, https or mailto.
 * In every configuration script, style, iframe, object, embed and form (and other elements whose
 * content is never text to show) are removed together with everything inside them.
 */
export type SanitizeConfig = "strict" | "basic" | "url";

export const BASIC_TAGS = [
  "b",
  "i",
  "em",
  "strong",
  "u",
  "s",
  "br",
  "p",
  "ul",
  "ol",
  "li",
  "blockquote",
  "code",
  "pre",
  "h3",
  "h4",
  "h5",
  "h6",
] as const;

export const ALLOWED_URL_SCHEMES = ["http", "https", "mailto"] as const;

/** Removed with their content (the spec's forbidden list plus other non-text containers). */
const REMOVED_WITH_CONTENT = [
  "script",
  "style",
  "iframe",
  "object",
  "embed",
  "form",
  "noscript",
  "noembed",
  "noframes",
  "template",
  "textarea",
  "select",
  "option",
  "svg",
  "math",
  "title",
  "xmp",
];

const common: sanitize.IOptions = {
  disallowedTagsMode: "discard",
  nonTextTags: REMOVED_WITH_CONTENT,
  allowVulnerableTags: false,
  allowProtocolRelative: false,
  enforceHtmlBoundary: false,
  // Deeply nested markup is flattened rather than walked forever.
  nestingLimit: 32,
};

const OPTIONS: Record<SanitizeConfig, sanitize.IOptions> = {
  strict: { ...common, allowedTags: [], allowedAttributes: {} },
  basic: { ...common, allowedTags: [...BASIC_TAGS], allowedAttributes: {} },
  url: {
    ...common,
    allowedTags: [...BASIC_TAGS, "a"],
    allowedAttributes: { a: ["href"] },
    allowedSchemes: [...ALLOWED_URL_SCHEMES],
    allowedSchemesByTag: {},
    allowedSchemesAppliedToAttributes: ["href"],
    transformTags: {
      a: (tagName, attribs): sanitize.Tag => {
        const out: sanitize.Attributes = {};
        if (attribs.href) Object.assign(out, { href: attribs.href, rel: "nofollow noopener noreferrer ugc", target: "_blank" });
        return { tagName, attribs: out };
      },
    },
  },
};
// The transform above adds rel/target after filtering, so let them through for <a>.
OPTIONS.url.allowedAttributes = { a: ["href", "rel", "target"] };

/** Sanitises HTML with one of the spec's configurations. Non-strings give ''. */
export function sanitizeHtml(input: string | null | undefined, config: SanitizeConfig = "basic"): string {
  if (typeof input !== "string" || input === "") return "";
  return sanitize(input, OPTIONS[config]);
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, body: string) => {
    if (body[0] === "#") {
      const code = body[1] === "x" || body[1] === "X" ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    // Own keys only: "&constructor;" is no entity (the prototype's members are no characters).
    const name = body.toLowerCase();
    return Object.hasOwn(ENTITIES, name) ? (ENTITIES[name] ?? whole) : whole;
  });
}

/**
 * Plain text from (possibly HTML) input: tags removed (strict), entities decoded, whitespace
 * collapsed. For places that escape on output themselves (React text, meta tags, JSON-LD).
 * Block-level tags become spaces so words do not run together.
 */
export function toPlainText(input: string | null | undefined): string {
  if (typeof input !== "string" || input === "") return "";
  const spaced = input.replace(/<(?:br|\/?(?:p|li|ul|ol|blockquote|pre|h[1-6]|div|tr|td|th))\b[^>]*>/gi, " $&");
  return decodeEntities(sanitizeHtml(spaced, "strict")).replace(/\s+/g, " ").trim();
}

/** Cuts plain text to at most `max` characters at a word boundary, adding '…' when cut. */
export function excerpt(text: string, max = 160): string {
  const t = text.trim();
  if (t.length <= max) return t;
  const cut = t.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(" ");
  const base = lastSpace > max * 0.6 ? cut.slice(0, lastSpace) : cut;
  return `${base.replace(/[\s.,;:!?-]+$/, "")}…`;
}

/**
 * Plain text (as stored by imports) or HTML to safe basic HTML: text without any tag gets its
 * blank-line separated paragraphs wrapped in <p> and single line breaks turned into <br>.
 */
export function richTextToHtml(input: string | null | undefined): string {
  if (typeof input !== "string" || input.trim() === "") return "";
  const looksLikeHtml = /<\/?[a-z][^>]*>/i.test(input);
  if (looksLikeHtml) return sanitizeHtml(input, "basic").trim();
  const paragraphs = input
    .replace(/\r\n?/g, "\n")
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p !== "")
    .map((p) => `<p>${sanitizeHtml(p, "strict").replace(/\n/g, "<br />")}</p>`);
  return paragraphs.join("");
}

/** A URL safe to put in an href: http, https or mailto only; anything else (javascript:, data:, relative) → null. */
export function sanitizeUrl(input: string | null | undefined): string | null {
  if (typeof input !== "string") return null;
  const value = input.trim();
  if (value === "" || /[\u0000-\u001f\s]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  const scheme = url.protocol.slice(0, -1).toLowerCase();
  if (!(ALLOWED_URL_SCHEMES as readonly string[]).includes(scheme)) return null;
  if ((scheme === "http" || scheme === "https") && url.hostname === "") return null;
  return url.href;
}

/**
 * Element names of HTML, SVG and MathML that a browser would read as markup. A '<' that opens one of
 * them (or a comment, a doctype, a processing instruction) is markup; any other '<' is what the member
 * typed: 'I love <Zelda>', 'x <y', '<3', '<-- this' stay as written.
 */
const MARKUP_NAMES = new Set(
  (
    "a abbr address area article aside audio b base bdi bdo blockquote body br button canvas caption cite code col colgroup " +
    "data datalist dd del details dfn dialog div dl dt em embed fieldset figcaption figure font footer form frame frameset " +
    "h1 h2 h3 h4 h5 h6 head header hgroup hr html i iframe img input ins kbd label legend li link main map mark marquee " +
    "menu meta meter nav noembed noframes noscript object ol optgroup option output p param picture plaintext portal pre " +
    "progress q rp rt ruby s samp script search section select slot small source span strike strong style sub summary sup " +
    "table tbody td template textarea tfoot th thead time title tr track tt u ul var video wbr xmp image isindex keygen " +
    "applet basefont bgsound blink center dir listing multicol nextid nobr spacer " +
    "svg math animate animatemotion animatetransform circle clippath defs desc ellipse feimage filter foreignobject g " +
    "line lineargradient marker mask path pattern polygon polyline radialgradient rect set stop symbol text textpath tspan " +
    "use view mi mo mn ms mtext mglyph malignmark annotation-xml"
  ).split(" "),
);

/** Escapes every '<' that does not open markup (see MARKUP_NAMES), so the sanitiser keeps it as text. */
function keepBracketsThatAreNoMarkup(text: string): string {
  return text.replace(
    /<(?!!|\?)(\/?)([a-zA-Z][\w:-]*)?([^<>]*>)?/g,
    (whole, _slash: string, name: string | undefined, rest: string | undefined) => {
      if (
        name !== undefined &&
        rest !== undefined &&
        /^[\s/>]/.test(rest) &&
        (MARKUP_NAMES.has(name.toLowerCase()) || name.includes("-"))
      ) {
        return whole;
      }
      return `&lt;${whole.slice(1)}`;
    },
  );
}

/**
 * Text a user typed (a review, a comment), stored as plain text: markup removed (scripts with their
 * content), entities decoded, direction and control characters removed (user-text.ts), line breaks
 * kept, outer whitespace trimmed; '' when nothing visible is left. Shown escaped by React.
 */
export function sanitizeUserText(input: string | null | undefined): string {
  if (typeof input !== "string" || input === "") return "";
  const text = keepBracketsThatAreNoMarkup(input.replace(/\r\n?/g, "\n"));
  // After decoding: an entity (&#x202E;) must not bring back what cleanLongText removes.
  const plain = cleanLongText(decodeEntities(sanitizeHtml(text, "strict"))).trim();
  return hasVisibleText(plain) ? plain : "";
}
