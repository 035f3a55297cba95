import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createActor, createGame, createRating, reviewForm } from "../../../tests/factories";
import { useIgdbStandIn } from "../../../tests/igdb/setup";
import { useTestDatabase } from "../../../tests/setup/database";
import { APP_URL, freshAccount, nextIp, useAuthConfig, verifiedAccount } from "../../../tests/support/auth";
import { CLIENT_IP_HEADER, getAuth } from "~/auth/auth.server";
import { providerName } from "~/auth/providers.server";
import { comment, rating, user } from "~/db/schema";
import type { Config } from "~/config.server";
import { updateProfile } from "~/modules/profile/profile-edit.server";
import { saveReview } from "~/modules/reviews/reviews.service.server";
import { SOCIAL_MESSAGES } from "~/modules/social/social.schema";
import { addComment, editComment } from "~/modules/social/social.service.server";

/**
 * Invisible and direction characters in what members type (docs/decisions/024): every write path
 * stores the text without them, and a name or comment with nothing visible is refused as empty.
 * Better Auth's endpoints are attacked directly, as any HTTP client could.
 */

const db = useTestDatabase();
useIgdbStandIn();
let config: Config;
beforeAll(() => {
  config = useAuthConfig();
});

const RLO = "\u202E";
const PDF = "\u202C";
const LRI = "\u2066";
const PDI = "\u2069";
const ZWSP = "\u200B";
/** A name that renders as "Ada" followed by reversed text, flipping what the page shows after it. */
const SPOOF = `Ada${RLO}gnp.exe${PDF}${ZWSP}\uFEFF`;
const INVISIBLE_ONLY = `${ZWSP}\u2060\uFEFF\u3164${LRI}${PDI} \u2800`;

function api(path: string, body: unknown, cookie?: string) {
  const headers = new Headers({ "content-type": "application/json", [CLIENT_IP_HEADER]: nextIp(), origin: APP_URL });
  if (cookie) headers.set("cookie", cookie);
  return getAuth().handler(new Request(`${APP_URL}/api/auth${path}`, { method: "POST", headers, body: JSON.stringify(body) }));
}
const messageOf = async (res: Response) => ((await res.json()) as { message?: string }).message;
const nameOf = async (email: string) => (await db.handle().db.select({ name: user.name }).from(user).where(eq(user.email, email)))[0]?.name;

describe("names through Better Auth's endpoints", () => {
  it("sign-up stores the name without direction or invisible characters", async () => {
    const f = freshAccount("Bidi");
    const res = await api("/sign-up/email", { ...f, name: SPOOF });
    expect(res.status).toBe(200);
    expect(await nameOf(f.email)).toBe("Adagnp.exe");
  });

  it("sign-up refuses a name made only of invisible characters, and creates nothing", async () => {
    const f = freshAccount("Blank");
    const res = await api("/sign-up/email", { ...f, name: INVISIBLE_ONLY });
    expect(res.status).toBe(400);
    expect(await messageOf(res)).toBe("Name is required");
    expect(await nameOf(f.email)).toBeUndefined();
  });

  it("update-user stores the cleaned name and refuses an invisible one", async () => {
    const f = await verifiedAccount(config, "Upd");
    const ok = await api("/update-user", { name: `${LRI}Ada${PDI} ${RLO}Lovelace` }, f.cookie);
    expect(ok.status).toBe(200);
    expect(await nameOf(f.email)).toBe("Ada Lovelace");
    const blank = await api("/update-user", { name: INVISIBLE_ONLY }, f.cookie);
    expect(blank.status).toBe(400);
    expect(await messageOf(blank)).toBe("Name is required");
    expect(await nameOf(f.email)).toBe("Ada Lovelace");
  });

  it("an OAuth provider's name is cleaned the same way, and an invisible one falls back to the username", () => {
    expect(providerName(SPOOF)).toBe("Adagnp.exe");
    expect(providerName(INVISIBLE_ONLY)).toBe("");
  });
});

describe("the profile form", () => {
  let seq = 0;
  function form(over: Record<string, string>): FormData {
    const f = new FormData();
    seq += 1;
    // Not "bidi_…": freshAccount("Bidi") above names its account bidi_<pid % 1000>_<n>, the same name when
    // the process id's thousands digit is 0.
    const fields = { username: `form_${process.pid % 10000}_${seq}`, name: "Ada", bio: "", location: "", website: "", ...over };
    for (const [k, v] of Object.entries(fields)) f.append(k, v);
    return f;
  }

  it("stores name, bio, location and platforms without direction characters; RTL text stays", async () => {
    const me = await createActor();
    const saved = await updateProfile(
      me,
      (() => {
        const f = form({ name: SPOOF, bio: `שלום ${RLO}world${PDF}\r\nline`, location: `${LRI}Lisbon${PDI}` });
        f.append("platforms", `PC${RLO}`);
        return f;
      })(),
    );
    expect(saved).toMatchObject({ ok: true });
    const [row] = await db
      .handle()
      .db.select({ name: user.name, bio: user.bio, location: user.location, platform: user.platform })
      .from(user)
      .where(eq(user.id, me.id));
    expect(row).toEqual({ name: "Adagnp.exe", bio: "שלום world\nline", location: "Lisbon", platform: "PC" });
  });

  it("refuses a name with nothing visible and writes nothing", async () => {
    const me = await createActor({ name: "Before" });
    const saved = await updateProfile(me, form({ name: INVISIBLE_ONLY }));
    expect(saved).toMatchObject({ ok: false, status: 400, error: "Name is required" });
    const [row] = await db.handle().db.select({ name: user.name }).from(user).where(eq(user.id, me.id));
    expect(row?.name).toBe("Before");
  });

  it("a bio of only invisible characters is no bio", async () => {
    const me = await createActor({ bio: "old" });
    expect((await updateProfile(me, form({ bio: `${ZWSP}${RLO}` }))).ok).toBe(true);
    const [row] = await db.handle().db.select({ bio: user.bio }).from(user).where(eq(user.id, me.id));
    expect(row?.bio).toBeNull();
  });
});

describe("reviews and comments", () => {
  it("a review's text is stored without direction controls, even written as entities; RTL text stays", async () => {
    const me = await createActor();
    const g = await createGame({ igdbId: 93_101, platformNames: ["PC"] });
    const saved = await saveReview(me, "93101", reviewForm({ text: `מעולה ${RLO}01/2${PDF} &#x202E;x\u0000` }));
    expect(saved.ok).toBe(true);
    const [row] = await db.handle().db.select({ review: rating.review }).from(rating).where(eq(rating.gameId, g.id));
    expect(row?.review).toBe("מעולה 01/2 x");
  });

  it("a review text of only invisible characters is no text", async () => {
    const me = await createActor();
    const g = await createGame({ igdbId: 93_102, platformNames: ["PC"] });
    expect((await saveReview(me, "93102", reviewForm({ text: `${ZWSP}${RLO}\uFEFF` }))).ok).toBe(true);
    const [row] = await db.handle().db.select({ review: rating.review }).from(rating).where(eq(rating.gameId, g.id));
    expect(row?.review).toBeNull();
  });

  it("comments: direction controls removed on add and edit; an invisible comment is empty", async () => {
    const author = await createActor();
    const me = await createActor();
    const g = await createGame();
    const r = await createRating({ userId: author.id, gameId: g.id, rating: 8, review: "ok" });
    const added = await addComment(me, { reviewId: r.id, content: `nice${RLO} review${PDF}` });
    expect(added.ok).toBe(true);
    if (!added.ok) return;
    const stored = async () =>
      (await db.handle().db.select({ c: comment.content }).from(comment).where(eq(comment.id, added.data.id)))[0]?.c;
    expect(await stored()).toBe("nice review");
    expect(await editComment(me, { commentId: added.data.id, content: `${LRI}edited${PDI}` })).toMatchObject({ ok: true });
    expect(await stored()).toBe("edited");
    expect(await addComment(me, { reviewId: r.id, content: INVISIBLE_ONLY })).toMatchObject({ status: 400, error: SOCIAL_MESSAGES.empty });
    expect(await editComment(me, { commentId: added.data.id, content: `${ZWSP}${RLO}` })).toMatchObject({
      status: 400,
      error: SOCIAL_MESSAGES.empty,
    });
    expect(await stored()).toBe("edited");
  });
});
