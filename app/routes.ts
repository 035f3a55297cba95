import { index, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("search", "routes/search.tsx", { id: "search" }),
  route("search-results", "routes/search.tsx", { id: "search-results" }),
  route("game/:identifier", "routes/game.tsx"),
  route("api/games/search", "routes/api.games.search.ts"),
  route("api/games/:idOrSlug", "routes/api.games.$idOrSlug.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
