import type { Route } from "./+types/api.auth.$";
import { forwardedHeaders } from "~/auth/auth-request.server";
import { getAuth } from "~/auth/auth.server";

/**
 * Better Auth's HTTP API under /api/auth/*. The client address header is
 * replaced by the one the HTTP layer determined (never the client's own).
 */
function handle(request: Request, context: Route.LoaderArgs["context"]) {
  const headers = forwardedHeaders(request, context);
  const init: RequestInit & { duplex?: "half" } = { method: request.method, headers, signal: request.signal };
  if (request.method !== "GET" && request.method !== "HEAD") {
    init.body = request.body;
    init.duplex = "half";
  }
  return getAuth().handler(new Request(request.url, init));
}

export function loader({ request, context }: Route.LoaderArgs) {
  return handle(request, context);
}

export function action({ request, context }: Route.ActionArgs) {
  return handle(request, context);
}
