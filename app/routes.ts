import { index, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("search", "routes/search.tsx", { id: "search" }),
  route("search-results", "routes/search.tsx", { id: "search-results" }),
  route("game/:identifier", "routes/game.tsx"),
  route("api/games/search", "routes/api.games.search.ts"),
  route("api/games/:idOrSlug", "routes/api.games.$idOrSlug.ts"),
  route("login", "routes/login.tsx"),
  route("signup", "routes/signup.tsx"),
  route("forgot-password", "routes/forgot-password.tsx"),
  route("reset-password", "routes/reset-password.tsx"),
  route("auth/callback", "routes/auth.callback.tsx"),
  route("logout", "routes/logout.tsx"),
  route("account/delete", "routes/account.delete.tsx"),
  route("profile", "routes/profile.tsx"),
  route("settings", "routes/settings.tsx"),
  route("debug-auth", "routes/debug-auth.tsx"),
  route("api/auth/*", "routes/api.auth.$.ts"),
  route("api/username-available", "routes/api.username-available.ts"),
  route("auth/oauth/:provider", "routes/auth.oauth.$provider.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
