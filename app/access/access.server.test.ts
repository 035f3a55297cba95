import { describe, expect, it } from "vitest";
import { requireUser } from "./access.server";

/** The redirect a visitor's page request gets (requireUser without a message): no session cookie, no database. */
async function loginRedirect(url: string): Promise<string> {
  try {
    await requireUser(new Request(url));
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.headers.get("location") ?? "";
  }
  throw new Error("expected a redirect");
}

describe("requireUser with a message (actions): a 401 whose message the page can show", () => {
  it("carries the message as `error` (fetchers) and `message` (the page's error boundary)", async () => {
    const thrown = await requireUser(new Request("http://localhost/review/42", { method: "POST" }), "User not authenticated").catch(
      (e: unknown) => e,
    );
    expect(thrown).toMatchObject({
      init: { status: 401 },
      data: { ok: false, error: "User not authenticated", message: "User not authenticated" },
    });
  });
});

describe("requireUser sends a visitor to sign in, with the way back", () => {
  it("keeps the page and its query", async () => {
    expect(await loginRedirect("http://localhost/settings/profile?avatar=updated")).toBe(
      "/login?redirectTo=%2Fsettings%2Fprofile%3Favatar%3Dupdated",
    );
  });

  it("drops a query longer than a redirect target may be, so the Location stays short", async () => {
    const location = await loginRedirect(`http://localhost/review/42?q=${"%26a%3D1".repeat(2000)}`);
    expect(location).toBe("/login?redirectTo=%2Freview%2F42");
    const path = await loginRedirect(`http://localhost/review/${"a".repeat(5000)}`);
    expect(path).toBe("/login?redirectTo=%2F");
  });
});
