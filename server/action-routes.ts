import { matchRoutes, type ServerBuild } from "react-router";
import { routeTree } from "./page-cache-routes";

/**
 * Which POSTs have an action to reach. React Router answers a POST to a route without an action
 * (a page such as /faq, a read-only API such as /api/picker) with a 405 whose body is its generic
 * "Unexpected Server Error" (or the error page), and logs a stack trace for each. The app answers
 * them itself instead: 405 "Method not allowed", Allow: GET, HEAD (server/app.ts).
 *
 * The route a POST reaches is React Router's own choice: with `?index` the index route, else the
 * deepest match that contributes to the path (an index route's parent), for the page and its
 * `.data` twin alike. A path no route matches is left to React Router (its 404).
 */
export function actionRule(routes: ServerBuild["routes"]): (pathname: string, search: string) => boolean {
  const roots = routeTree(routes);
  return (pathname, search) => {
    const matches = matchRoutes(roots, pagePath(pathname));
    if (!matches || matches.length === 0) return true;
    const last = matches[matches.length - 1]!;
    const target =
      last.route.index && new URLSearchParams(search).getAll("index").some((v) => v === "")
        ? last
        : matches.filter((m, i) => i === 0 || (m.route.path !== undefined && m.route.path.length > 0)).at(-1)!;
    const id = (target.route as { id?: string }).id;
    return id === undefined || typeof routes[id]?.module.action === "function";
  };
}

/** The page a `.data` request is for, as React Router reads it (/_root.data is /). */
function pagePath(pathname: string): string {
  if (pathname === "/_root.data") return "/";
  const path = pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
  return path !== "/" && path.endsWith("/") ? path.slice(0, -1) : path;
}
