import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import type { PageCacheHandle } from "../app/lib/page-cache";

/**
 * Which URLs the page cache may keep: those whose route declares `export const handle = { pageCache:
 * true }` (app/lib/page-cache.ts). The route table is the build's, so the cache never repeats it; a
 * route that says nothing is rendered for each request.
 */

interface Node {
  id: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  children: Node[];
}

/** The build's flat route list as the tree matchRoutes walks (ids only: modules stay in `routes`). */
export function routeTree(routes: ServerBuild["routes"]): RouteObject[] {
  const nodes = new Map<string, Node>();
  for (const r of Object.values(routes)) {
    if (r) nodes.set(r.id, { id: r.id, path: r.path, index: r.index, caseSensitive: r.caseSensitive, children: [] });
  }
  const roots: Node[] = [];
  for (const r of Object.values(routes)) {
    if (!r) continue;
    const parent = r.parentId ? nodes.get(r.parentId) : undefined;
    (parent ? parent.children : roots).push(nodes.get(r.id)!);
  }
  return roots as RouteObject[];
}

export function pageCacheRule(routes: ServerBuild["routes"]): (pathname: string) => boolean {
  const roots = routeTree(routes);
  const memo = new Map<string, boolean>();
  return (pathname) => {
    const known = memo.get(pathname);
    if (known !== undefined) return known;
    const matches = matchRoutes(roots, pathname);
    const leaf = matches?.at(-1)?.route.id;
    const handle = leaf ? (routes[leaf]?.module.handle as PageCacheHandle | undefined) : undefined;
    const cacheable = handle?.pageCache === true;
    // Bounded: only for paths seen; a flood of distinct paths just stops being remembered.
    if (memo.size < 10_000) memo.set(pathname, cacheable);
    return cacheable;
  };
}
