import type { RouteConfigEntry } from "@react-router/dev/routes";
import type { ServerBuild } from "react-router";
import { vi } from "vitest";

/**
 * The app's route table (app/routes.ts) as tests see it: every entry flattened, with its module
 * loaded on demand. Shared by the access table (which mutating routes exist), the page cache (which
 * routes declare `handle.pageCache`) and the production route check.
 */

export interface RouteEntry {
  /** The route id React Router gives it: the explicit id, else the file without its extension. */
  id: string;
  parentId: string | undefined;
  /** The URL pattern ("game/:identifier"), "" for the index route. */
  path: string;
  index: boolean;
  /** Relative to app/ ("routes/game.tsx"). */
  file: string;
}

/** The route table of `NODE_ENV` as it is now (dev-only routes appear outside production). */
export async function routeConfig(): Promise<RouteConfigEntry[]> {
  return (await import("../../app/routes")).default;
}

/** The route table as it is with `nodeEnv` (a fresh evaluation of app/routes.ts; resets the module registry). */
export async function routeConfigFor(nodeEnv: string | undefined): Promise<RouteConfigEntry[]> {
  const saved = process.env.NODE_ENV;
  if (nodeEnv === undefined) delete process.env.NODE_ENV;
  else process.env.NODE_ENV = nodeEnv;
  try {
    vi.resetModules();
    return (await import("../../app/routes")).default;
  } finally {
    if (saved === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = saved;
  }
}

export function flattenRoutes(config: RouteConfigEntry[], parentId?: string): RouteEntry[] {
  return config.flatMap((r) => {
    const id = r.id ?? r.file.replace(/\.[jt]sx?$/, "");
    const entry: RouteEntry = { id, parentId, path: r.path ?? "", index: r.index === true, file: r.file };
    return [entry, ...flattenRoutes(r.children ?? [], id)];
  });
}

/** The URL of a route with each `:param` filled in by `params` (or "x") and a splat by `splat`. */
export function urlOf(entry: RouteEntry, params: Record<string, string> = {}, splat = "x"): string {
  const path = entry.path
    .split("/")
    .map((seg) => (seg.startsWith(":") ? (params[seg.slice(1)] ?? "x") : seg === "*" ? splat : seg))
    .join("/");
  return `/${path}`;
}

export type RouteModule = Record<string, unknown>;

const modules = import.meta.glob<RouteModule>("../../app/routes/*.{ts,tsx}");

/** The module of a route (its loader, action, handle…). */
export async function loadRouteModule(entry: RouteEntry): Promise<RouteModule> {
  const load = modules[`../../app/${entry.file}`];
  if (!load) throw new Error(`route module not found: app/${entry.file}`);
  return load();
}

/** The routes of the table whose module exports an `action` (every one that can write). */
export async function mutatingRoutes(entries: RouteEntry[]): Promise<RouteEntry[]> {
  const out: RouteEntry[] = [];
  for (const e of entries) if (typeof (await loadRouteModule(e)).action === "function") out.push(e);
  return out;
}

/** The routes in the shape of a server build's `routes` (what server/ reads from the real build). */
export async function serverRoutes(entries: RouteEntry[]): Promise<ServerBuild["routes"]> {
  const routes: Record<string, unknown> = {
    root: { id: "root", path: "", module: {} },
  };
  for (const e of entries) {
    routes[e.id] = {
      id: e.id,
      parentId: e.parentId ?? "root",
      path: e.index ? undefined : e.path,
      index: e.index,
      module: await loadRouteModule(e),
    };
  }
  return routes as ServerBuild["routes"];
}

/** Every route as a URL pattern with a leading slash ("/game/:identifier", "/api/auth/*", "/"), for the fuzz test. */
export async function routeTable(): Promise<{ pattern: string; file: string }[]> {
  return flattenRoutes(await routeConfig()).map((e) => ({ pattern: e.index ? "/" : `/${e.path}`.replace(/\/+/g, "/"), file: e.file }));
}

/** The pattern with every `:param` (and the `*` splat) replaced by `value`, URL-encoded. */
export function pathFor(pattern: string, value = "fuzz"): string {
  const v = encodeURIComponent(value);
  return pattern.replace(/:[A-Za-z0-9_]+\??/g, v).replace(/\*$/, v);
}

/** React Router's data URL for a page path ("/login" → "/login.data", "/" → "/_root.data"). */
export function dataPathFor(path: string): string {
  return path === "/" ? "/_root.data" : `${path}.data`;
}
