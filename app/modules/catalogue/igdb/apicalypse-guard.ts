/**
 * The gate for bulk queries sent to POST /api/igdb-search. Only the queries the
 * app itself makes are let through: related games by id list, DLC and mods of a parent, the parent
 * lookup and the category lookup. The body is parsed, checked against allowlists and written out
 * again from the parsed form, so nothing the client typed reaches IGDB unparsed.
 *
 * Accepted (statements end with ';'):
 *   fields f1,f2,…;                 each from BULK_FIELDS (no '*')
 *   where <cond> (& | <cond>)*;     conditions from BULK_WHERE, optionally grouped with ( )
 *   sort <field> asc|desc;          field from BULK_SORT
 *   limit n;                        1 to 50
 *   offset n;                       0 to 500
 * `category` (IGDB's deprecated name) is accepted and sent as `game_type` (same codes).
 */

import { IGDB_RECORD_FIELDS } from "./igdb-record";

export const BULK_MAX_LENGTH = 2000;
export const BULK_MAX_LIMIT = 50;
export const BULK_MAX_OFFSET = 500;
/** Related games by id list are capped at 10 ids. */
export const BULK_MAX_IDS = 10;
const MAX_CONDITIONS = 12;
const MAX_DEPTH = 3;
const MAX_STRING = 100;

export const BULK_FIELDS: ReadonlySet<string> = new Set([
  "id",
  ...IGDB_RECORD_FIELDS,
  // Older spellings the app's own bulk calls may still send (category is sent on as game_type).
  "category",
  "collection.name",
]);

type ValueKind = "id" | "ids" | "null" | "number" | "numbers" | "pattern";

/** Per where-field: operator → the value kinds allowed with it. */
export const BULK_WHERE: Readonly<Record<string, Readonly<Record<string, readonly ValueKind[]>>>> = {
  id: { "=": ["id", "ids"], "!=": ["id", "ids"] },
  parent_game: { "=": ["id", "null"], "!=": ["id", "null"] },
  version_parent: { "=": ["id", "null"], "!=": ["id", "null"] },
  game_type: { "=": ["number", "numbers"], "!=": ["number", "numbers"] },
  cover: { "=": ["null"], "!=": ["null"] },
  involved_companies: { "=": ["null"], "!=": ["null"] },
  summary: { "=": ["null"], "!=": ["null"] },
  name: { "~": ["pattern"], "!~": ["pattern"] },
  first_release_date: { ">": ["number"], ">=": ["number"], "<": ["number"], "<=": ["number"], "=": ["null"], "!=": ["null"] },
};

export const BULK_SORT: ReadonlySet<string> = new Set(["id", "name", "first_release_date", "total_rating", "rating", "hypes"]);

export type GuardResult = { ok: true; body: string } | { ok: false; error: string };

class Refused extends Error {}

/** The deprecated name and its replacement. */
const rename = (field: string) => (field === "category" ? "game_type" : field);

function splitStatements(body: string): string[] {
  const out: string[] = [];
  let cur = "";
  let inString = false;
  for (const c of body) {
    if (inString) {
      cur += c;
      if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    if (c === ";") {
      out.push(cur.trim());
      cur = "";
      continue;
    }
    cur += c;
  }
  if (inString) throw new Refused("a string is not closed");
  if (cur.trim()) throw new Refused(`'${cur.trim().slice(0, 40)}' must end with ';'`);
  return out;
}

type Tok = { t: "str"; v: string } | { t: "num"; v: string } | { t: "word"; v: string } | { t: "sym"; v: string };

function tokenize(src: string): Tok[] {
  const out: Tok[] = [];
  let i = 0;
  while (i < src.length) {
    const rest = src.slice(i);
    const c = src[i]!;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (c === '"') {
      const end = src.indexOf('"', i + 1);
      if (end < 0) throw new Refused("a string is not closed");
      const v = src.slice(i + 1, end);
      if (/[\\;]/.test(v) || v.length > MAX_STRING)
        throw new Refused(`strings may not contain \\ or ; and have at most ${MAX_STRING} characters`);
      out.push({ t: "str", v });
      i = end + 1;
      continue;
    }
    const num = /^\d{1,12}/.exec(rest);
    if (num) {
      out.push({ t: "num", v: num[0] });
      i += num[0].length;
      continue;
    }
    const word = /^[a-z_][a-z0-9_]*(\.[a-z_][a-z0-9_]*)*/.exec(rest);
    if (word) {
      out.push({ t: "word", v: word[0] });
      i += word[0].length;
      continue;
    }
    const two = src.slice(i, i + 2);
    if (["!=", "!~", ">=", "<="].includes(two)) {
      out.push({ t: "sym", v: two });
      i += 2;
      continue;
    }
    if ("=~<>&|(),*".includes(c)) {
      out.push({ t: "sym", v: c });
      i++;
      continue;
    }
    throw new Refused(`unexpected character '${c}'`);
  }
  return out;
}

function parseWhere(src: string): string {
  const toks = tokenize(src);
  let p = 0;
  let conditions = 0;
  const sym = (v: string) => toks[p]?.t === "sym" && toks[p]?.v === v;

  function value(field: string, op: string): string {
    const allowed = BULK_WHERE[field]?.[op];
    if (!allowed) throw new Refused(`'${field} ${op}' is not allowed`);
    const t = toks[p];
    const refuse = (): never => {
      throw new Refused(`'${field} ${op}' takes ${allowed.join(" or ")}`);
    };
    if (sym("(")) {
      if (!allowed.includes("ids") && !allowed.includes("numbers")) refuse();
      p++;
      const items: string[] = [];
      for (;;) {
        const n = toks[p++];
        if (n?.t !== "num") refuse();
        items.push(String(Number(n!.v)));
        if (sym(",")) {
          p++;
          continue;
        }
        if (sym(")")) {
          p++;
          break;
        }
        refuse();
      }
      if (items.length > BULK_MAX_IDS) throw new Refused(`at most ${BULK_MAX_IDS} values in a list`);
      return `(${items.join(",")})`;
    }
    if (t?.t === "word" && t.v === "null") {
      if (!allowed.includes("null")) refuse();
      p++;
      return "null";
    }
    if (t?.t === "num") {
      const n = Number(t.v);
      if (allowed.includes("id") ? !(n > 0 && n <= 2 ** 31 - 1) : !(allowed.includes("number") && n <= 2 ** 40)) refuse();
      p++;
      return String(n);
    }
    if (allowed.includes("pattern")) {
      let prefix = "";
      let suffix = "";
      if (sym("*")) {
        p++;
        prefix = "*";
      }
      const s = toks[p];
      if (s?.t !== "str" || s.v.trim() === "") refuse();
      p++;
      if (sym("*")) {
        p++;
        suffix = "*";
      }
      return `${prefix}"${(s as { v: string }).v}"${suffix}`;
    }
    return refuse();
  }

  function condition(depth: number): string {
    if (sym("(")) {
      if (depth >= MAX_DEPTH) throw new Refused("conditions are nested too deeply");
      p++;
      const inner = or(depth + 1);
      if (!sym(")")) throw new Refused("a '(' is not closed");
      p++;
      return `(${inner})`;
    }
    const f = toks[p++];
    if (f?.t !== "word") throw new Refused("a condition must start with a field name");
    const field = rename(f.v);
    if (!BULK_WHERE[field]) throw new Refused(`where: field '${f.v}' is not allowed`);
    const o = toks[p++];
    if (o?.t !== "sym" || !["=", "!=", "~", "!~", ">", ">=", "<", "<="].includes(o.v)) {
      throw new Refused(`an operator must follow '${f.v}'`);
    }
    if (++conditions > MAX_CONDITIONS) throw new Refused(`at most ${MAX_CONDITIONS} conditions`);
    return `${field} ${o.v} ${value(field, o.v)}`;
  }

  function and(depth: number): string {
    const items = [condition(depth)];
    while (sym("&")) {
      p++;
      items.push(condition(depth));
    }
    return items.join(" & ");
  }

  function or(depth: number): string {
    const items = [and(depth)];
    while (sym("|")) {
      p++;
      items.push(and(depth));
    }
    return items.join(" | ");
  }

  const out = or(0);
  if (p !== toks.length) throw new Refused("unexpected text after the conditions");
  return out;
}

/**
 * Checks a bulk request body and returns the body to send to IGDB, or why it was refused.
 */
export function guardBulkQuery(requestBody: unknown): GuardResult {
  if (typeof requestBody !== "string" || requestBody.trim() === "") return { ok: false, error: "requestBody must be a query string" };
  if (requestBody.length > BULK_MAX_LENGTH) return { ok: false, error: `requestBody must be at most ${BULK_MAX_LENGTH} characters` };
  try {
    const seen = new Set<string>();
    let fields: string[] = [];
    let where: string | null = null;
    let sort: string | null = null;
    let limit: number | null = null;
    let offset: number | null = null;
    for (const st of splitStatements(requestBody)) {
      const m = /^([a-z]+)\s+([\s\S]+)$/.exec(st);
      if (!m) throw new Refused(`'${st.slice(0, 40)}' is not a statement`);
      const keyword = m[1]!;
      const rest = m[2]!.trim();
      if (seen.has(keyword)) throw new Refused(`'${keyword}' appears twice`);
      seen.add(keyword);
      switch (keyword) {
        case "fields": {
          fields = rest.split(",").map((f) => f.trim());
          for (const f of fields) if (!BULK_FIELDS.has(f)) throw new Refused(`field '${f}' is not allowed`);
          fields = [...new Set(fields.map(rename))];
          break;
        }
        case "where":
          where = parseWhere(rest);
          break;
        case "sort": {
          const s = /^([a-z_]+)\s+(asc|desc)$/.exec(rest);
          if (!s || !BULK_SORT.has(s[1]!)) throw new Refused(`sort must be one of ${[...BULK_SORT].join(", ")} with asc or desc`);
          sort = `${s[1]} ${s[2]}`;
          break;
        }
        case "limit":
          if (!/^\d{1,3}$/.test(rest) || Number(rest) < 1 || Number(rest) > BULK_MAX_LIMIT) {
            throw new Refused(`limit must be between 1 and ${BULK_MAX_LIMIT}`);
          }
          limit = Number(rest);
          break;
        case "offset":
          if (!/^\d{1,3}$/.test(rest) || Number(rest) > BULK_MAX_OFFSET)
            throw new Refused(`offset must be between 0 and ${BULK_MAX_OFFSET}`);
          offset = Number(rest);
          break;
        default:
          throw new Refused(`'${keyword}' is not allowed (fields, where, sort, limit and offset are)`);
      }
    }
    if (fields.length === 0) throw new Refused("fields are required");
    const parts = [`fields ${fields.join(",")};`];
    if (where) parts.push(`where ${where};`);
    if (sort) parts.push(`sort ${sort};`);
    parts.push(`limit ${limit ?? 10};`);
    if (offset) parts.push(`offset ${offset};`);
    return { ok: true, body: parts.join(" ") };
  } catch (err) {
    if (err instanceof Refused) return { ok: false, error: `requestBody: ${err.message}` };
    throw err;
  }
}
