/**
 * A parser and evaluator for the subset of IGDB's query language (Apicalypse,
 * https://api-docs.igdb.com/#apicalypse-1) that Savepoint sends, for the IGDB stand-in:
 *
 *   fields a,b.c,d.*;  exclude x;  search "term";  where <expr>;  sort f asc|desc;  limit n;  offset n;
 *
 *   <expr>  := <and> ( '|' <and> )*
 *   <and>   := <unary> ( '&' <unary> )*
 *   <unary> := '!' <unary> | '(' <expr> ')' | <path> <op> <value>
 *   <op>    := = | != | ~ | !~ | > | >= | < | <=
 *   <value> := number | true | false | null | "string" (with * wildcards around it for ~)
 *            | (v, v, …)  any of | [v, v, …]  all of | {v, v, …}  exactly
 *
 * Anything else is a syntax error (IGDB answers those with 400).
 */

export class ApicalypseSyntaxError extends Error {
  override name = "ApicalypseSyntaxError";
}

export type Scalar = number | string | boolean | null;
export type Value =
  | { kind: "scalar"; value: Scalar }
  | { kind: "pattern"; text: string; prefix: boolean; suffix: boolean }
  | { kind: "set"; mode: "any" | "all" | "exact"; values: Scalar[] };

export type Op = "=" | "!=" | "~" | "!~" | ">" | ">=" | "<" | "<=";

export type Expr =
  { kind: "cmp"; path: string; op: Op; value: Value } | { kind: "and" | "or"; items: Expr[] } | { kind: "not"; item: Expr };

export interface Query {
  fields: string[];
  exclude: string[];
  search: string | null;
  where: Expr | null;
  sort: { field: string; dir: "asc" | "desc" } | null;
  limit: number;
  offset: number;
}

/** Splits statements at ';' outside string literals. */
function statements(body: string): string[] {
  const out: string[] = [];
  let cur = "";
  let inString = false;
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (inString) {
      cur += c;
      if (c === "\\" && i + 1 < body.length) cur += body[++i];
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    if (c === ";") {
      if (cur.trim()) out.push(cur.trim());
      cur = "";
      continue;
    }
    cur += c;
  }
  if (inString) throw new ApicalypseSyntaxError("unterminated string");
  if (cur.trim()) throw new ApicalypseSyntaxError(`missing ';' after "${cur.trim()}"`);
  return out;
}

const FIELD = /^[a-z_][a-z0-9_]*(\.([a-z_][a-z0-9_]*|\*))*$|^\*$/;

function fieldList(rest: string): string[] {
  const list = rest.split(",").map((f) => f.trim());
  for (const f of list) if (!FIELD.test(f)) throw new ApicalypseSyntaxError(`bad field "${f}"`);
  return list;
}

type Token = { t: "str"; v: string } | { t: "num"; v: number } | { t: "word"; v: string } | { t: "sym"; v: string };

function tokenize(src: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i]!;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (c === '"') {
      let v = "";
      i++;
      while (i < src.length && src[i] !== '"') {
        if (src[i] === "\\" && i + 1 < src.length) i++;
        v += src[i++];
      }
      if (src[i] !== '"') throw new ApicalypseSyntaxError("unterminated string");
      i++;
      out.push({ t: "str", v });
      continue;
    }
    const num = /^-?\d+(\.\d+)?/.exec(src.slice(i));
    if (num) {
      out.push({ t: "num", v: Number(num[0]) });
      i += num[0].length;
      continue;
    }
    const word = /^[a-z_][a-z0-9_]*(\.[a-z_][a-z0-9_]*)*/i.exec(src.slice(i));
    if (word) {
      out.push({ t: "word", v: word[0] });
      i += word[0].length;
      continue;
    }
    const two = src.slice(i, i + 2);
    if (two === "!=" || two === "!~" || two === ">=" || two === "<=") {
      out.push({ t: "sym", v: two });
      i += 2;
      continue;
    }
    if ("=~<>&|!()[]{},*".includes(c)) {
      out.push({ t: "sym", v: c });
      i++;
      continue;
    }
    throw new ApicalypseSyntaxError(`unexpected character "${c}"`);
  }
  return out;
}

export function parseWhere(src: string): Expr {
  const toks = tokenize(src);
  let p = 0;
  const peek = () => toks[p];
  const isSym = (v: string) => {
    const t = toks[p];
    return t?.t === "sym" && t.v === v;
  };
  const expect = (v: string) => {
    if (!isSym(v)) throw new ApicalypseSyntaxError(`expected "${v}"`);
    p++;
  };

  function scalar(): Scalar {
    const t = toks[p++];
    if (!t) throw new ApicalypseSyntaxError("value expected");
    if (t.t === "num" || t.t === "str") return t.v;
    if (t.t === "word" && (t.v === "null" || t.v === "true" || t.v === "false")) return t.v === "null" ? null : t.v === "true";
    throw new ApicalypseSyntaxError(`bad value "${String(t.v)}"`);
  }

  function value(): Value {
    for (const [open, close, mode] of [
      ["(", ")", "any"],
      ["[", "]", "all"],
      ["{", "}", "exact"],
    ] as const) {
      if (isSym(open)) {
        p++;
        const values = [scalar()];
        while (isSym(",")) {
          p++;
          values.push(scalar());
        }
        expect(close);
        return { kind: "set", mode, values };
      }
    }
    let prefix = false;
    if (isSym("*")) {
      p++;
      prefix = true;
    }
    const t = peek();
    if (t?.t === "str") {
      p++;
      let suffix = false;
      if (isSym("*")) {
        p++;
        suffix = true;
      }
      return prefix || suffix ? { kind: "pattern", text: t.v, prefix, suffix } : { kind: "scalar", value: t.v };
    }
    if (prefix) throw new ApicalypseSyntaxError("a string must follow '*'");
    return { kind: "scalar", value: scalar() };
  }

  function unary(): Expr {
    if (isSym("!")) {
      p++;
      return { kind: "not", item: unary() };
    }
    if (isSym("(")) {
      p++;
      const e = or();
      expect(")");
      return e;
    }
    const t = toks[p++];
    if (!t || t.t !== "word") throw new ApicalypseSyntaxError("field expected");
    const o = toks[p++];
    if (!o || o.t !== "sym" || !["=", "!=", "~", "!~", ">", ">=", "<", "<="].includes(o.v)) {
      throw new ApicalypseSyntaxError(`operator expected after "${t.v}"`);
    }
    return { kind: "cmp", path: t.v, op: o.v as Op, value: value() };
  }

  function and(): Expr {
    const items = [unary()];
    while (isSym("&")) {
      p++;
      items.push(unary());
    }
    return items.length === 1 ? items[0]! : { kind: "and", items };
  }

  function or(): Expr {
    const items = [and()];
    while (isSym("|")) {
      p++;
      items.push(and());
    }
    return items.length === 1 ? items[0]! : { kind: "or", items };
  }

  const e = or();
  if (p !== toks.length) throw new ApicalypseSyntaxError("unexpected input after the condition");
  return e;
}

export function parseQuery(body: string): Query {
  const q: Query = { fields: [], exclude: [], search: null, where: null, sort: null, limit: 10, offset: 0 };
  for (const st of statements(body)) {
    const m = /^([a-z]+)\s+([\s\S]+)$/i.exec(st);
    if (!m) throw new ApicalypseSyntaxError(`bad statement "${st}"`);
    const [, kw, rest] = m as unknown as [string, string, string];
    switch (kw.toLowerCase()) {
      case "fields":
      case "f":
        q.fields.push(...fieldList(rest));
        break;
      case "exclude":
      case "x":
        q.exclude.push(...fieldList(rest));
        break;
      case "search": {
        const s = /^"((?:[^"\\]|\\.)*)"$/.exec(rest.trim());
        if (!s) throw new ApicalypseSyntaxError("search needs a quoted string");
        q.search = s[1]!.replace(/\\(.)/g, "$1");
        break;
      }
      case "where":
      case "w":
        q.where = parseWhere(rest);
        break;
      case "sort":
      case "s": {
        const s = /^([a-z_][a-z0-9_.]*)\s+(asc|desc)$/i.exec(rest.trim());
        if (!s) throw new ApicalypseSyntaxError("sort needs a field and asc or desc");
        q.sort = { field: s[1]!, dir: s[2]!.toLowerCase() as "asc" | "desc" };
        break;
      }
      case "limit":
      case "l":
        q.limit = Number(rest.trim());
        if (!Number.isInteger(q.limit) || q.limit < 1 || q.limit > 500) throw new ApicalypseSyntaxError("limit must be 1 to 500");
        break;
      case "offset":
      case "o":
        q.offset = Number(rest.trim());
        if (!Number.isInteger(q.offset) || q.offset < 0) throw new ApicalypseSyntaxError("offset must be ≥ 0");
        break;
      default:
        throw new ApicalypseSyntaxError(`unknown statement "${kw}"`);
    }
  }
  if (q.fields.length === 0) throw new ApicalypseSyntaxError("fields are required");
  return q;
}

// ---------------------------------------------------------------------------
// Evaluation over stored (expanded) records
// ---------------------------------------------------------------------------

type Rec = Record<string, unknown>;

function isObj(v: unknown): v is Rec {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** The values at a dotted path, flattening arrays; a reference object counts as its id at the leaf. */
export function valuesAt(record: unknown, path: string): unknown[] {
  let current: unknown[] = [record];
  for (const seg of path.split(".")) {
    const next: unknown[] = [];
    for (const v of current) {
      const items = Array.isArray(v) ? v : [v];
      for (const it of items) if (isObj(it) && it[seg] !== undefined && it[seg] !== null) next.push(it[seg]);
    }
    current = next;
  }
  return current.flatMap((v) => (Array.isArray(v) ? v : [v])).map((v) => (isObj(v) && "id" in v ? v.id : v));
}

function cmpScalar(a: unknown, op: Op, b: Scalar): boolean {
  switch (op) {
    case "=":
      return a === b;
    case "!=":
      return a !== b;
    case ">":
      return typeof a === "number" && typeof b === "number" && a > b;
    case ">=":
      return typeof a === "number" && typeof b === "number" && a >= b;
    case "<":
      return typeof a === "number" && typeof b === "number" && a < b;
    case "<=":
      return typeof a === "number" && typeof b === "number" && a <= b;
    default:
      return false;
  }
}

function like(a: unknown, v: Value): boolean {
  if (typeof a !== "string") return false;
  const hay = a.toLowerCase();
  if (v.kind === "scalar") return typeof v.value === "string" && hay === v.value.toLowerCase();
  if (v.kind !== "pattern") return false;
  const needle = v.text.toLowerCase();
  if (v.prefix && v.suffix) return hay.includes(needle);
  if (v.suffix) return hay.startsWith(needle);
  return hay.endsWith(needle);
}

export function evaluate(e: Expr, record: unknown): boolean {
  switch (e.kind) {
    case "and":
      return e.items.every((i) => evaluate(i, record));
    case "or":
      return e.items.some((i) => evaluate(i, record));
    case "not":
      return !evaluate(e.item, record);
    case "cmp": {
      const vals = valuesAt(record, e.path);
      const v = e.value;
      if (e.op === "~" || e.op === "!~") {
        const hit = vals.some((a) => like(a, v));
        return e.op === "~" ? hit : !hit;
      }
      if (v.kind === "set") {
        const inSet = (a: unknown) => v.values.some((b) => a === b);
        let hit: boolean;
        if (v.mode === "any") hit = vals.some(inSet);
        else if (v.mode === "all") hit = v.values.every((b) => vals.includes(b));
        else hit = vals.length === v.values.length && v.values.every((b) => vals.includes(b));
        return e.op === "!=" ? !hit : e.op === "=" ? hit : false;
      }
      if (v.kind === "pattern") return false;
      if (v.value === null) return e.op === "=" ? vals.length === 0 : e.op === "!=" ? vals.length > 0 : false;
      if (e.op === "!=") return !vals.some((a) => a === v.value);
      return vals.some((a) => cmpScalar(a, e.op, v.value));
    }
  }
}

type FieldTree = { [k: string]: FieldTree | true };

function fieldTree(fields: readonly string[]): FieldTree | "all" {
  if (fields.includes("*")) return "all";
  const tree: FieldTree = {};
  for (const f of fields) {
    const segs = f.split(".");
    let node = tree;
    segs.forEach((seg, i) => {
      if (i === segs.length - 1) {
        if (seg === "*") return;
        if (node[seg] === undefined) node[seg] = true;
        return;
      }
      const child = node[seg];
      if (child === undefined || child === true) node[seg] = segs[i + 1] === "*" ? { "*": true } : {};
      node = node[seg] as FieldTree;
    });
  }
  return tree;
}

/** A value as IGDB returns an unexpanded field: references become ids. */
function collapse(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(collapse);
  if (isObj(v) && "id" in v) return v.id;
  return v;
}

function project(v: unknown, tree: FieldTree | true): unknown {
  if (tree === true) return collapse(v);
  if (Array.isArray(v)) return v.map((x) => project(x, tree));
  if (typeof v === "number") return { id: v };
  if (!isObj(v)) return v;
  const out: Rec = { id: v.id };
  const keys = tree["*"] ? Object.keys(v) : Object.keys(tree);
  for (const k of keys) {
    if (v[k] === undefined || v[k] === null) continue;
    out[k] = project(v[k], tree[k] ?? true);
  }
  return out;
}

/** Records as IGDB would answer `fields …` (id always present). */
export function projectRecord(record: Rec, fields: readonly string[], exclude: readonly string[] = []): Rec {
  const tree = fieldTree(fields);
  const out = tree === "all" ? (project(record, { "*": true }) as Rec) : (project(record, tree) as Rec);
  for (const x of exclude) delete out[x];
  return out;
}

function words(s: string): string[] {
  return s
    .toLowerCase()
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/[^a-z0-9]+/g, " ")
    .trim()
    .split(" ")
    .filter(Boolean);
}

/** IGDB-like search: every word of the term in the name or an alternative name; exact, then prefix, then the rest. */
export function searchScore(record: Rec, term: string): number {
  const want = words(term);
  if (!want.length) return 0;
  const names = [record.name, ...valuesAt(record, "alternative_names.name")].filter((n): n is string => typeof n === "string");
  let best = 0;
  for (const n of names) {
    const have = words(n);
    if (!want.every((w) => have.some((h) => h.startsWith(w)))) continue;
    const joinedHave = have.join(" ");
    const joinedWant = want.join(" ");
    const score = joinedHave === joinedWant ? 3 : joinedHave.startsWith(joinedWant) ? 2 : 1;
    best = Math.max(best, score);
  }
  return best;
}

/** Runs a parsed query over records. */
export function runQuery(records: readonly Rec[], q: Query): Rec[] {
  let rows = records.filter((r) => !q.where || evaluate(q.where, r));
  if (q.search !== null) {
    const scored = rows.map((r) => ({ r, s: searchScore(r, q.search!) })).filter((x) => x.s > 0);
    scored.sort((a, b) => b.s - a.s || Number(a.r.id) - Number(b.r.id));
    rows = scored.map((x) => x.r);
  } else if (q.sort) {
    const { field, dir } = q.sort;
    const k = dir === "asc" ? 1 : -1;
    rows = [...rows].sort((a, b) => {
      const x = valuesAt(a, field)[0];
      const y = valuesAt(b, field)[0];
      if (x === undefined || y === undefined) return x === y ? 0 : x === undefined ? 1 : -1;
      return (x as number) < (y as number) ? -k : (x as number) > (y as number) ? k : 0;
    });
  } else {
    rows = [...rows].sort((a, b) => Number(a.id) - Number(b.id));
  }
  return rows.slice(q.offset, q.offset + q.limit).map((r) => projectRecord(r, q.fields, q.exclude));
}
