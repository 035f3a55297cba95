import { isbot } from "isbot";

/** Headers that tell whether a request is a person's page view. */
interface HeaderSource {
  get(name: string): string | null | undefined;
}

/** A view is a real visit: a GET, not a crawler, not a speculative prefetch or prerender. */
export function isPageView(method: string, headers: HeaderSource): boolean {
  if (method !== "GET") return false;
  const purpose = `${headers.get("sec-purpose") ?? ""} ${headers.get("purpose") ?? ""}`.toLowerCase();
  if (purpose.includes("prefetch") || purpose.includes("prerender")) return false;
  return !isbot(headers.get("user-agent") ?? "");
}
