import { describe, expect, it } from "vitest";
import { fail, ok } from "~/lib/result";
import { socialResponse } from "./social.http.server";

async function location(res: unknown): Promise<string | null> {
  return res instanceof Response ? res.headers.get("location") : null;
}

describe("socialResponse for a plain form post", () => {
  it("closes a reply opened without JavaScript once it is posted (drops ?reply=)", async () => {
    const res = socialResponse(ok({}), { redirectTo: "/review/1/2?comments=2&reply=55" }, "/");
    expect(await location(res)).toBe("/review/1/2?comments=2");
  });

  it("keeps the open reply and carries the refusal when the post fails", async () => {
    const res = socialResponse(fail(400, "Comment cannot be empty"), { redirectTo: "/review/1/2?reply=55" }, "/");
    const to = new URL((await location(res))!, "http://local");
    expect(to.pathname).toBe("/review/1/2");
    expect(to.searchParams.get("reply")).toBe("55");
    expect(to.searchParams.get("socialError")).toBe("Comment cannot be empty");
  });
});
