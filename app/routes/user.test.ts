import { describe, expect, it } from "vitest";
import { createUser } from "../../tests/factories";
import { useTestDatabase } from "../../tests/setup/database";
import { APP_URL } from "../../tests/support/auth";
import * as route from "./user";

useTestDatabase();

const load = async (path: string, id?: string) => {
  try {
    return await route.loader({ request: new Request(`${APP_URL}${path}`), params: { id }, context: {} } as never);
  } catch (thrown) {
    return thrown;
  }
};

describe("/user/:id", () => {
  it("without an id sends a visitor to /users", async () => {
    const r = (await load("/user")) as Response;
    expect([r.status, r.headers.get("location")]).toEqual([302, "/users"]);
  });

  it("answers 'Invalid user ID' (400) for a non-numeric id, and sends a missing user to /users", async () => {
    const bad = (await load("/user/abc", "abc")) as { data: { invalid: boolean }; init: { status: number } };
    expect([bad.init.status, bad.data.invalid]).toEqual([400, true]);
    const missing = (await load("/user/2000000000", "2000000000")) as Response;
    expect([missing.status, missing.headers.get("location")]).toEqual([302, "/users"]);
  });

  it("is server-rendered data with Open Graph tags: the name and the avatar (or the default image)", async () => {
    const u = await createUser({ name: "Grace", avatarUrl: `/uploads/${"a".repeat(64)}.webp` });
    const data = (await load(`/user/${u.id}?dialog=followers`, String(u.id))) as Exclude<
      Awaited<ReturnType<typeof route.loader>>,
      Response
    >;
    expect(data).toMatchObject({ invalid: false, dialog: { name: "followers", people: [] }, tab: { tab: "top5" } });
    const tags = route.meta({ loaderData: data } as never) as Record<string, string>[];
    expect(tags).toContainEqual({ property: "og:title", content: "Grace" });
    expect(tags).toContainEqual({ property: "og:image", content: `${APP_URL}/uploads/${"a".repeat(64)}.webp` });
    const plain = await createUser({ name: "Plain" });
    const d2 = await load(`/user/${plain.id}`, String(plain.id));
    expect(route.meta({ loaderData: d2 } as never)).toContainEqual({ property: "og:image", content: `${APP_URL}/og-image.png` });
  });
});
