import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../../app/routes";

/** The app's route table (app/routes.ts), flattened, with a concrete URL for each pattern. */

export interface RouteEntry {
  /** "/game/:identifier", "/api/auth/*", "/" for the index route. */
  pattern: string;
  file: string;
}

function flatten(entries: RouteConfigEntry[], parent = ""): RouteEntry[] {
  return entries.flatMap((e) => {
    const pattern = e.index ? parent || "/" : `${parent}/${e.path ?? ""}`.replace(/\/+/g, "/");
    const self: RouteEntry[] = e.index || e.path !== undefined ? [{ pattern, file: e.file }] : [];
    return [...self, ...flatten(e.children ?? [], e.index ? parent : pattern)];
  });
}

export function routeTable(): RouteEntry[] {
  return flatten(routes);
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
