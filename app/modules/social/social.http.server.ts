import { data, redirect } from "react-router";
import { safeRedirectTo } from "~/auth/session.server";
import type { Result } from "~/lib/result";

const noStore = { "Cache-Control": "no-store" };

/**
 * The answer of a social action: with format=json (fetcher) the Result as JSON with its status; a
 * plain form post (no JavaScript) goes back to `redirectTo` with 303 — to /login first for a
 * visitor, with ?socialError= carrying a refusal so the page can show it.
 */
export function socialResponse<T>(result: Result<T>, fields: Record<string, unknown>, fallback: string) {
  if (fields.format === "json") {
    return result.ok
      ? data({ ok: true as const, ...(result.data as object) }, { headers: noStore })
      : data({ ok: false as const, error: result.error }, { status: result.status, headers: noStore });
  }
  const back = safeRedirectTo(fields.redirectTo, fallback);
  if (result.ok) {
    // A reply opened without JavaScript (?reply=) is done: the page comes back with it closed.
    const done = new URL(back, "http://local");
    done.searchParams.delete("reply");
    return redirect(done.pathname + done.search, { status: 303, headers: noStore });
  }
  if (result.status === 401) return redirect(`/login?redirectTo=${encodeURIComponent(back)}`, { status: 303, headers: noStore });
  const url = new URL(back, "http://local");
  url.searchParams.set("socialError", result.error);
  return redirect(url.pathname + url.search, { status: 303, headers: noStore });
}
