import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createActor, createGame, createRating, reviewForm } from "../../../tests/factories";
import { useTestDatabase } from "../../../tests/setup/database";
import { ACCOUNT_GONE } from "~/access/access.server";
import { comment, contentLike, gameProgress, rating, userFollow, userPreferences, userTopGames, userWishlist } from "~/db/schema";
import { applyListForm, saveTopFive } from "~/modules/lists/lists.service.server";
import { saveConsent } from "~/modules/privacy/privacy.service.server";
import { saveReview } from "~/modules/reviews/reviews.service.server";
import { saveAvatar, updateProfile } from "~/modules/profile/profile-edit.server";
import { setFollow } from "~/modules/social/follow.service.server";
import { addComment, toggleCommentLike, toggleReviewLike } from "~/modules/social/social.service.server";
import { LocalDiskStorage, setUploadStorage } from "~/modules/uploads/storage.server";
import { deleteUserCascade } from "./accounts.queries.server";

/**
 * A request's session is checked when it starts; the account can be deleted (in another tab, by its
 * owner) before the request writes. Its writes then answer 401 with the spec's message and write
 * nothing; they used to fail on a foreign key (a 500) — or, for the Top 5, answer as if saved.
 */

const db = useTestDatabase();
const uploads = fs.mkdtempSync(path.join(os.tmpdir(), "savepoint-gone-"));
beforeAll(() => setUploadStorage(new LocalDiskStorage(uploads)));
afterAll(() => {
  setUploadStorage(null);
  fs.rmSync(uploads, { recursive: true, force: true });
});

async function goneActor() {
  const actor = await createActor();
  const g = await createGame({ igdbId: 93000 + actor.id, platformNames: ["PC"] });
  await createRating({ userId: actor.id, gameId: g.id });
  expect(await deleteUserCascade(actor.id)).toBe(true);
  return { actor, g };
}

const gone = { ok: false, status: 401, error: ACCOUNT_GONE };

describe("writes of a signed-in request whose account was deleted meanwhile", () => {
  it("lists and progress: 401, nothing written", async () => {
    const { actor, g } = await goneActor();
    for (const intent of ["add_to_wishlist", "add_to_collection", "mark_started", "mark_completed", "toggle_wishlist"])
      expect(await applyListForm(actor, { intent, igdbId: String(g.igdbId) }), intent).toEqual(gone);
    expect(await db.handle().db.select().from(userWishlist).where(eq(userWishlist.userId, actor.id))).toEqual([]);
    expect(await db.handle().db.select().from(gameProgress).where(eq(gameProgress.userId, actor.id))).toEqual([]);
  });

  it("Top 5: 401 (not 'saved')", async () => {
    const { actor, g } = await goneActor();
    expect(await saveTopFive(actor, [])).toEqual(gone);
    expect(await saveTopFive(actor, [{ gameId: g.id, position: 1 }])).toEqual(gone);
    expect(await db.handle().db.select().from(userTopGames).where(eq(userTopGames.userId, actor.id))).toEqual([]);
  });

  it("a new review: 401, nothing written", async () => {
    const { actor } = await goneActor();
    const other = await createGame({ igdbId: 94000 + actor.id, platformNames: ["PC"] });
    expect(await saveReview(actor, String(other.igdbId), reviewForm())).toEqual(gone);
    expect(await db.handle().db.select().from(rating).where(eq(rating.userId, actor.id))).toEqual([]);
  });

  it("a consent choice: 401, nothing written (it answered 500 'could not be saved')", async () => {
    const { actor } = await goneActor();
    const request = new Request("http://localhost/api/consent", { method: "POST" });
    expect(await saveConsent(request, actor.id, { intent: "accept_all" })).toEqual(gone);
    expect(await db.handle().db.select().from(userPreferences).where(eq(userPreferences.userId, actor.id))).toEqual([]);
  });

  it("likes, comments and follows: 401, nothing written (they said 'Review not found', 'User not found')", async () => {
    const author = await createActor();
    const g = await createGame({ platformNames: ["PC"] });
    const review = await createRating({ userId: author.id, gameId: g.id });
    const posted = await addComment(author, { reviewId: review.id, content: "first" });
    if (!posted.ok) throw new Error(posted.error);
    const { actor } = await goneActor();
    expect(await toggleReviewLike(actor, String(review.id))).toEqual(gone);
    expect(await toggleCommentLike(actor, String(posted.data.id))).toEqual(gone);
    expect(await addComment(actor, { reviewId: review.id, content: "late" })).toEqual(gone);
    expect(await setFollow(actor, author.id, "follow")).toEqual(gone);
    expect(await db.handle().db.select().from(contentLike).where(eq(contentLike.userId, actor.id))).toEqual([]);
    expect(await db.handle().db.select().from(comment).where(eq(comment.userId, actor.id))).toEqual([]);
    expect(await db.handle().db.select().from(userFollow).where(eq(userFollow.followerId, actor.id))).toEqual([]);
  });

  it("profile edit and avatar: 401 (they answered 'saved' and stored the picture)", async () => {
    const { actor } = await goneActor();
    const form = new FormData();
    for (const [k, v] of Object.entries({ username: "gone_user", name: "Gone", bio: "", location: "", website: "" })) form.set(k, v);
    expect(await updateProfile(actor, form)).toEqual(gone);
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#f00" } })
      .png()
      .toBuffer();
    expect(await saveAvatar(actor, new File([new Uint8Array(png)], "a.png", { type: "image/png" }))).toEqual(gone);
    expect(fs.readdirSync(uploads, { recursive: true })).toEqual([]);
  });
});
