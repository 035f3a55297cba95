import { data, redirect } from "react-router";
import type { Route } from "./+types/api.consent";
import { readForm } from "~/lib/form.server";
import { isTrustedOrigin, optionalUser, safeRedirectTo } from "~/auth/session.server";
import { CONSENT_MESSAGES } from "~/lib/consent";
import { consentFormSchema } from "~/modules/privacy/privacy.schema";
import { consentCookie, recordedConsent, saveConsent } from "~/modules/privacy/privacy.service.server";

/**
 * GET  /api/consent → { consent } as the server has recorded it (account, else cookie, else null).
 * POST /api/consent ← intent=accept_all|accept_essential|decline|save(&level=)|clear
 *   With `Accept: application/json` (the banner and settings dialog) the answer is JSON;
 *   otherwise (the no-JavaScript banner) a 303 back to `redirectTo`. Both set the consent cookie.
 */

const noStore = { "Cache-Control": "no-store" };

export async function loader({ request }: Route.LoaderArgs) {
  const user = await optionalUser(request);
  return data({ signedIn: user !== null, consent: await recordedConsent(request, user) }, { headers: noStore });
}

function wantsJson(request: Request): boolean {
  return (request.headers.get("accept") ?? "").includes("application/json");
}

export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return data({ ok: false, error: "Method not allowed" }, { status: 405, headers: noStore });
  if (!isTrustedOrigin(request)) return data({ ok: false, error: "Forbidden" }, { status: 403, headers: noStore });
  let form: FormData;
  try {
    form = await readForm(request);
  } catch {
    return data({ ok: false, error: CONSENT_MESSAGES.invalid }, { status: 400, headers: noStore });
  }
  const parsed = consentFormSchema.safeParse({ intent: form.get("intent"), level: form.get("level") ?? undefined });
  if (!parsed.success) return data({ ok: false, error: CONSENT_MESSAGES.invalid }, { status: 400, headers: noStore });

  const user = await optionalUser(request);
  const saved = await saveConsent(request, user?.id ?? null, parsed.data);
  if (!saved.ok) return data({ ok: false, error: saved.error }, { status: saved.status, headers: noStore });

  const headers = new Headers(noStore);
  headers.append("Set-Cookie", consentCookie(saved.data));
  if (wantsJson(request)) return data({ ok: true, consent: saved.data }, { headers });
  const back = safeRedirectTo(form.get("redirectTo"));
  return redirect(back, { status: 303, headers });
}
