import { data } from "react-router";
import { readForm } from "~/lib/form.server";
import type { Route } from "./+types/api.top-games";
import { isTrustedOrigin, optionalUser } from "~/auth/session.server";
import { saveTopFive } from "~/modules/lists/lists.service.server";

/** POST /api/top-games ← entries = JSON [{ gameId, position }] (or a JSON body): replaces the Top 5. */

const noStore = { "Cache-Control": "no-store" };

async function readEntries(request: Request): Promise<unknown> {
  try {
    if ((request.headers.get("content-type") ?? "").includes("application/json"))
      return ((await request.json()) as { entries?: unknown }).entries;
    const raw = (await readForm(request)).get("entries");
    return typeof raw === "string" ? JSON.parse(raw) : undefined;
  } catch {
    return undefined;
  }
}

export async function action({ request }: Route.ActionArgs) {
  if (!isTrustedOrigin(request)) return data({ ok: false, error: "Forbidden" }, { status: 403, headers: noStore });
  const result = await saveTopFive(await optionalUser(request), await readEntries(request));
  return result.ok
    ? data({ ok: true as const, entries: result.data }, { headers: noStore })
    : data({ ok: false as const, error: result.error }, { status: result.status, headers: noStore });
}

export function loader() {
  return data({ ok: false, error: "Method not allowed" }, { status: 405, headers: { Allow: "POST" } });
}
