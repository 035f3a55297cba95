import { data } from "react-router";
import type { Route } from "./+types/api.events";
import { isTrustedOrigin, optionalUser } from "~/auth/session.server";
import { requestInfoContext } from "~/context.server";
import { MAX_EVENT_BODY_BYTES, pageViewEventSchema } from "~/modules/privacy/privacy.schema";
import { recordPageView } from "~/modules/privacy/privacy.service.server";

/**
 * POST /api/events ← { type: "game_view", gameId, source, sessionId } (JSON), sent by the game
 * page after it has rendered, so the page itself never waits for analytics. The server stores it
 * only when the stored consent allows tracking: 202 stored, 204 not stored (no consent or a
 * robot), 400 invalid, 404 unknown game, 413 too large, 429 too many.
 */

const noStore = { "Cache-Control": "no-store" };

export function loader() {
  return data({ error: "Use POST" }, { status: 405, headers: { ...noStore, Allow: "POST" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return data({ error: "Use POST" }, { status: 405, headers: { ...noStore, Allow: "POST" } });
  if (!isTrustedOrigin(request)) return data({ error: "Forbidden" }, { status: 403, headers: noStore });
  if (!(request.headers.get("content-type") ?? "").startsWith("application/json"))
    return data({ error: "Send JSON (Content-Type: application/json)" }, { status: 415, headers: noStore });
  if (Number(request.headers.get("content-length") ?? 0) > MAX_EVENT_BODY_BYTES)
    return data({ error: "Event too large" }, { status: 413, headers: noStore });
  const text = await request.text();
  if (text.length > MAX_EVENT_BODY_BYTES) return data({ error: "Event too large" }, { status: 413, headers: noStore });
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return data({ error: "Invalid JSON" }, { status: 400, headers: noStore });
  }
  const parsed = pageViewEventSchema.safeParse(body);
  if (!parsed.success) return data({ error: parsed.error.issues[0]?.message ?? "Invalid event" }, { status: 400, headers: noStore });

  const user = await optionalUser(request);
  const outcome = await recordPageView(request, user?.id ?? null, parsed.data, context.get(requestInfoContext).ip);
  switch (outcome) {
    case "stored":
      return data({ stored: true }, { status: 202, headers: noStore });
    case "not-allowed":
      return new Response(null, { status: 204, headers: noStore });
    case "rate-limited":
      return data({ error: "Too many events. Please slow down." }, { status: 429, headers: { ...noStore, "Retry-After": "60" } });
    case "unknown-game":
      return data({ error: "Game not found" }, { status: 404, headers: noStore });
  }
}
