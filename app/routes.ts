import { index, route, type RouteConfig } from "@react-router/dev/routes";

/** Pages for developers only: never in the production route table (an unset NODE_ENV counts as production). */
const DEVELOPMENT_ROUTES = [route("debug-auth", "routes/debug-auth.tsx"), route("enhanced-search-test", "routes/enhanced-search-test.tsx")];
const development = (process.env.NODE_ENV ?? "production") !== "production";

export default [
  index("routes/home.tsx"),
  route("search", "routes/search.tsx", { id: "search" }),
  route("search-results", "routes/search.tsx", { id: "search-results" }),
  route("game/:identifier", "routes/game.tsx"),
  route("review/:userId/:gameId", "routes/review.view.tsx"),
  route("review/:gameId?", "routes/review.tsx"),
  route("api/games/search", "routes/api.games.search.ts"),
  route("api/games/:idOrSlug", "routes/api.games.$idOrSlug.ts"),
  route("api/games/:idOrSlug/related", "routes/api.games.$idOrSlug.related.ts"),
  route("api/igdb-search", "routes/api.igdb-search.ts"),
  route("login", "routes/login.tsx"),
  route("signup", "routes/signup.tsx"),
  route("forgot-password", "routes/forgot-password.tsx"),
  route("reset-password", "routes/reset-password.tsx"),
  route("auth/callback", "routes/auth.callback.tsx"),
  route("logout", "routes/logout.tsx"),
  route("account/delete", "routes/account.delete.tsx"),
  route("account/password", "routes/account.password.tsx"),
  route("profile", "routes/profile.tsx"),
  route("settings", "routes/settings.tsx"),
  route("api/auth/*", "routes/api.auth.$.ts"),
  route("api/username-available", "routes/api.username-available.ts"),
  route("auth/oauth/:provider", "routes/auth.oauth.$provider.tsx"),
  route("faq", "routes/faq.tsx"),
  route("terms", "routes/terms.tsx"),
  route("privacy", "routes/privacy.tsx"),
  route("contact", "routes/contact.tsx"),
  route("api/consent", "routes/api.consent.ts"),
  route("api/events", "routes/api.events.ts"),
  route("api/privacy/stats", "routes/api.privacy.stats.ts"),
  route("admin/privacy", "routes/admin.privacy.tsx"),
  ...(development ? DEVELOPMENT_ROUTES : []),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
