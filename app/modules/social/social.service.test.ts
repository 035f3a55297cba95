import { and, eq, isNotNull, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { createActor, createGame, createRating, createUser } from "../../../tests/factories";
import { useTestDatabase } from "../../../tests/setup/database";
import { comment, contentLike, game, rating } from "~/db/schema";
import { deleteUserCascade } from "~/modules/accounts/accounts.queries.server";
import {
  addComment,
  applyCommentForm,
  deleteComment,
  editComment,
  listComments,
  getReviewDiscussion,
  toggleCommentLike,
  toggleReviewLike,
} from "./social.service.server";
import { SOCIAL_MESSAGES as M } from "./social.schema";
import { getReviewView } from "~/modules/reviews/reviews.service.server";

const db = useTestDatabase();

async function review(authorId?: number) {
  const author = authorId ?? (await createUser()).id;
  const g = await createGame();
  return createRating({ userId: author, gameId: g.id, rating: 8, review: "Great." });
}

async function reviewLikes(reviewId: number) {
  const [r] = await db.handle().db.select({ n: rating.likeCount }).from(rating).where(eq(rating.id, reviewId));
  const rows = await db.handle().db.select({ id: contentLike.id }).from(contentLike).where(eq(contentLike.ratingId, reviewId));
  return { count: r!.n, rows: rows.length };
}

async function commentLikes(commentId: number) {
  const [c] = await db.handle().db.select({ n: comment.likeCount }).from(comment).where(eq(comment.id, commentId));
  const rows = await db.handle().db.select({ id: contentLike.id }).from(contentLike).where(eq(contentLike.commentId, commentId));
  return { count: c!.n, rows: rows.length };
}

const comments = (reviewId: number) => db.handle().db.select().from(comment).where(eq(comment.ratingId, reviewId));

describe("toggleReviewLike", () => {
  it("likes, then unlikes, with the count in step; users may like their own review", async () => {
    const me = await createActor();
    const r = await review(me.id);
    expect(await toggleReviewLike(me, String(r.id))).toEqual({ ok: true, data: { liked: true, likeCount: 1 } });
    expect(await reviewLikes(r.id)).toEqual({ count: 1, rows: 1 });
    expect(await toggleReviewLike(me, r.id)).toEqual({ ok: true, data: { liked: false, likeCount: 0 } });
    expect(await reviewLikes(r.id)).toEqual({ count: 0, rows: 0 });
  });

  it("answers a visitor 401 'You must be logged in to like reviews'", async () => {
    const r = await review();
    expect(await toggleReviewLike(null, r.id)).toMatchObject({ ok: false, status: 401, error: M.likeReviewSignIn });
    expect(await reviewLikes(r.id)).toEqual({ count: 0, rows: 0 });
  });

  it("refuses non-numeric and unknown ids with a 4xx", async () => {
    const me = await createActor();
    for (const bad of ["abc", "1.5", "-1", "", "99999999999", undefined])
      expect(await toggleReviewLike(me, bad)).toMatchObject({ ok: false, status: 400, error: M.invalidReviewId });
    expect(await toggleReviewLike(me, "2147483000")).toMatchObject({ ok: false, status: 404, error: M.reviewNotFound });
  });

  it("never lets the count go below 0", async () => {
    const me = await createActor();
    const r = await review();
    await db.handle().db.insert(contentLike).values({ userId: me.id, ratingId: r.id });
    // The stored count says 0 although a row exists (drift from outside): unliking stays at 0.
    expect(await toggleReviewLike(me, r.id)).toEqual({ ok: true, data: { liked: false, likeCount: 0 } });
  });

  it("two concurrent likes by one user make one row; 20 concurrent toggles keep count = rows", async () => {
    const me = await createActor();
    const r = await review();
    const results = await Promise.all([toggleReviewLike(me, r.id), toggleReviewLike(me, r.id)]);
    expect(results.every((x) => x.ok)).toBe(true);
    const after = await reviewLikes(r.id);
    expect(after.count).toBe(after.rows);
    expect(after.rows).toBeLessThanOrEqual(1);

    const others = await Promise.all(Array.from({ length: 5 }, () => createActor()));
    const r2 = await review();
    const all = await Promise.all(Array.from({ length: 20 }, (_, i) => toggleReviewLike(others[i % 5]!, r2.id)));
    expect(all.every((x) => x.ok)).toBe(true);
    const end = await reviewLikes(r2.id);
    expect(end.count).toBe(end.rows);
  });

  it("a like that meets an existing one is 'Already liked', a success", async () => {
    const me = await createActor();
    const r = await review();
    // Two likes racing: the second sees no row to delete, then the unique index refuses its insert.
    const both = await Promise.all([toggleReviewLike(me, r.id), toggleReviewLike(me, r.id)]);
    const messages = both.map((b) => (b.ok ? (b.data.message ?? (b.data.liked ? "liked" : "unliked")) : b.error));
    expect(messages.every((m) => ["liked", "unliked", M.alreadyLiked].includes(m))).toBe(true);
  });

  it("the review view says whether the viewer likes it, read with the review (no statement of its own)", async () => {
    const me = await createActor();
    const [a, b] = [await review(), await review()];
    await toggleReviewLike(me, a.id);
    const view = async (viewer: typeof me | null, r: typeof a) => {
      const [g] = await db.handle().db.select({ igdbId: game.igdbId }).from(game).where(eq(game.id, r.gameId));
      const got = await getReviewView(viewer, String(r.userId), String(g?.igdbId ?? r.gameId));
      if (!got.ok) throw new Error(got.error);
      return got.data.likedByViewer;
    };
    expect(await view(me, a)).toBe(true);
    expect(await view(me, b)).toBe(false);
    expect(await view(null, a)).toBe(false);
    const select = vi.spyOn(db.handle().db, "select");
    const discussion = await getReviewDiscussion(me, a.id, 1, true);
    // The comments only (the top level; no comment, so no replies to read): the like state came with the review.
    expect(select).toHaveBeenCalledTimes(1);
    select.mockRestore();
    expect(discussion.liked).toBe(true);
    expect((await getReviewDiscussion(null, a.id, 1, true)).liked).toBe(false);
  });
});

describe("comments", () => {
  it("adds a comment; visitors get 'You must be logged in to comment'", async () => {
    const me = await createActor();
    const r = await review();
    const added = await addComment(me, { reviewId: String(r.id), content: "  Nice review  " });
    expect(added.ok).toBe(true);
    const [row] = await comments(r.id);
    expect(row).toMatchObject({ content: "Nice review", userId: me.id, isPublished: true, parentCommentId: null });
    expect(await addComment(null, { reviewId: r.id, content: "x" })).toMatchObject({ status: 401, error: M.commentSignIn });
  });

  it("refuses empty, whitespace-only and 501-character comments, and bad ids, writing nothing", async () => {
    const me = await createActor();
    const r = await review();
    expect(await addComment(me, { reviewId: r.id, content: "" })).toMatchObject({ status: 400, error: M.empty });
    expect(await addComment(me, { reviewId: r.id, content: " \n\t " })).toMatchObject({ status: 400, error: M.empty });
    expect(await addComment(me, { reviewId: r.id, content: "a".repeat(501) })).toMatchObject({ status: 400, error: M.tooLong });
    expect((await addComment(me, { reviewId: r.id, content: "a".repeat(500) })).ok).toBe(true);
    expect(await addComment(me, { reviewId: "abc", content: "hi" })).toMatchObject({ status: 400, error: M.invalidReviewId });
    expect(await addComment(me, { reviewId: 2147483000, content: "hi" })).toMatchObject({ status: 404, error: M.reviewNotFound });
    expect(await addComment(me, { reviewId: r.id, content: "hi", parentId: "x" })).toMatchObject({
      status: 400,
      error: M.invalidCommentId,
    });
    expect(await addComment(me, { reviewId: r.id, content: "hi", parentId: 2147483000 })).toMatchObject({
      status: 404,
      error: M.parentNotFound,
    });
    expect((await comments(r.id)).length).toBe(1);
  });

  it("stores markup as plain text: a script never survives", async () => {
    const me = await createActor();
    const r = await review();
    await addComment(me, { reviewId: r.id, content: 'Hi <script>alert(1)</script><img src=x onerror="alert(2)"><b>bold</b>' });
    const [row] = await comments(r.id);
    expect(row!.content).not.toMatch(/<script|onerror|<img/i);
    expect(row!.content).toContain("bold");
    expect(await addComment(me, { reviewId: r.id, content: "<script>alert(1)</script>" })).toMatchObject({ status: 400, error: M.empty });
  });

  it("keeps angle brackets that are no markup, as typed ('I love <Zelda>', '<3')", async () => {
    const me = await createActor();
    const r = await review();
    await addComment(me, { reviewId: r.id, content: "I love <Zelda> <3 and x <y" });
    const [row] = await comments(r.id);
    expect(row!.content).toBe("I love <Zelda> <3 and x <y");
  });

  it("flattens replies to one level and refuses a parent from another review", async () => {
    const [a, b] = [await createActor(), await createActor()];
    const r = await review();
    const top = await addComment(a, { reviewId: r.id, content: "top" });
    const reply = await addComment(b, { reviewId: r.id, content: "reply", parentId: top.ok ? top.data.id : 0 });
    const deep = await addComment(a, { reviewId: r.id, content: "reply to reply", parentId: reply.ok ? reply.data.id : 0 });
    expect(deep).toMatchObject({ ok: true, data: { parentId: top.ok ? top.data.id : -1 } });
    const other = await review();
    expect(await addComment(a, { reviewId: other.id, content: "x", parentId: top.ok ? top.data.id : 0 })).toMatchObject({
      status: 404,
      error: M.parentNotFound,
    });
  });

  it("lists top level newest first, replies oldest first, with like states and the count", async () => {
    const [a, b] = [await createActor(), await createActor()];
    const r = await review();
    const first = await addComment(a, { reviewId: r.id, content: "first" });
    const second = await addComment(b, { reviewId: r.id, content: "second" });
    const firstId = first.ok ? first.data.id : 0;
    // Distinct timestamps: the order must not depend on ids alone.
    await db
      .handle()
      .db.update(comment)
      .set({ createdAt: sql`now() - interval '1 hour'` })
      .where(eq(comment.id, firstId));
    const r1 = await addComment(b, { reviewId: r.id, content: "r1", parentId: firstId });
    await addComment(a, { reviewId: r.id, content: "r2", parentId: firstId });
    await toggleCommentLike(b, firstId);
    await toggleCommentLike(a, r1.ok ? r1.data.id : 0);
    // Two statements whatever the number of comments: the top level (with counts and likes), the replies.
    const select = vi.spyOn(db.handle().db, "select");
    const page = await listComments(b, r.id);
    expect(select).toHaveBeenCalledTimes(2);
    select.mockRestore();
    expect(page.ok).toBe(true);
    if (!page.ok) return;
    expect(page.data.total).toBe(4);
    expect(page.data.comments.map((c) => c.content)).toEqual(["second", "first"]);
    expect(page.data.comments[1]!.replies.map((c) => c.content)).toEqual(["r1", "r2"]);
    expect(page.data.comments[1]).toMatchObject({ isLiked: true, likeCount: 1 });
    expect(page.data.comments[0]).toMatchObject({ isLiked: false, id: second.ok ? second.data.id : 0 });
    // Each viewer sees their own likes (a's like of a reply), a visitor none.
    expect(page.data.comments[1]!.replies.map((c) => c.isLiked)).toEqual([false, false]);
    const asA = await listComments(a, r.id);
    expect(asA.ok && asA.data.comments[1]!.replies.map((c) => [c.isLiked, c.likeCount])).toEqual([
      [true, 1],
      [false, 0],
    ]);
    const asVisitor = await listComments(null, r.id);
    expect(asVisitor.ok && asVisitor.data.comments.flatMap((c) => [c.isLiked, ...c.replies.map((x) => x.isLiked)])).toEqual([
      false,
      false,
      false,
      false,
    ]);
    // No comment at all: both counts 0.
    const empty = await listComments(b, (await review()).id);
    expect(empty).toMatchObject({ ok: true, data: { comments: [], total: 0, hasMore: false } });
    expect(await listComments(null, "abc")).toMatchObject({ status: 400, error: M.invalidReviewId });
  });

  it("pages top-level comments 50 at a time; 'load more' asks for more pages", async () => {
    const me = await createActor();
    const r = await review();
    await db
      .handle()
      .db.insert(comment)
      .values(
        Array.from({ length: 51 }, (_, i) => ({
          userId: me.id,
          ratingId: r.id,
          content: `c${i}`,
          createdAt: new Date(Date.UTC(2024, 0, 1, 0, i)),
        })),
      );
    const one = await listComments(me, r.id, "1");
    const two = await listComments(me, r.id, "2");
    if (!one.ok || !two.ok) throw new Error("listing failed");
    expect(one.data.comments.length).toBe(50);
    expect(one.data.comments[0]!.content).toBe("c50");
    expect(one.data.hasMore).toBe(true);
    expect(two.data.comments.length).toBe(51);
    expect(two.data.comments.at(-1)!.content).toBe("c0");
    expect(two.data.hasMore).toBe(false);
    expect((await listComments(me, r.id, "zzz")).ok).toBe(true);
  });

  it("edits and deletes own comments only, with the spec's messages", async () => {
    const [a, b] = [await createActor(), await createActor()];
    const r = await review();
    const c = await addComment(a, { reviewId: r.id, content: "mine" });
    const id = c.ok ? c.data.id : 0;
    expect(await editComment(b, { commentId: id, content: "hijack" })).toMatchObject({ status: 404, error: M.editDenied });
    expect(await editComment(null, { commentId: id, content: "x" })).toMatchObject({ status: 401 });
    expect(await editComment(a, { commentId: id, content: " " })).toMatchObject({ status: 400, error: M.empty });
    expect(await editComment(a, { commentId: id, content: "b".repeat(501) })).toMatchObject({ status: 400, error: M.tooLong });
    expect(await editComment(a, { commentId: 2147483000, content: "x" })).toMatchObject({ status: 404, error: M.editDenied });
    expect(await editComment(a, { commentId: "1e3", content: "x" })).toMatchObject({ status: 400, error: M.invalidCommentId });
    // An edit right after posting is an edit too.
    expect((await editComment(a, { commentId: id, content: "mine, edited" })).ok).toBe(true);
    const page = await listComments(a, r.id);
    expect(page.ok && page.data.comments[0]).toMatchObject({ content: "mine, edited", edited: true });

    expect(await deleteComment(b, id)).toMatchObject({ status: 404, error: M.deleteDenied });
    expect(await deleteComment(a, 2147483000)).toMatchObject({ status: 404, error: M.deleteDenied });
    expect((await comments(r.id)).length).toBe(1);
    expect((await deleteComment(a, id)).ok).toBe(true);
    expect((await comments(r.id)).length).toBe(0);
  });

  it("a deleted comment with replies stays as '[deleted]' and stops counting; it goes with its last reply", async () => {
    const [a, b] = [await createActor(), await createActor()];
    const r = await review();
    const top = await addComment(a, { reviewId: r.id, content: "top" });
    const topId = top.ok ? top.data.id : 0;
    const reply = await addComment(b, { reviewId: r.id, content: "reply", parentId: topId });
    await toggleCommentLike(b, topId);
    expect((await deleteComment(a, topId)).ok).toBe(true);
    const page = await listComments(b, r.id);
    if (!page.ok) throw new Error("listing failed");
    expect(page.data.total).toBe(1);
    expect(page.data.comments[0]).toMatchObject({ deleted: true, content: "[deleted]", likeCount: 0 });
    expect(page.data.comments[0]!.replies.map((x) => x.content)).toEqual(["reply"]);
    expect(await editComment(a, { commentId: topId, content: "back" })).toMatchObject({ status: 404, error: M.editDenied });
    expect(await toggleCommentLike(b, topId)).toMatchObject({ status: 404 });
    expect((await deleteComment(b, reply.ok ? reply.data.id : 0)).ok).toBe(true);
    expect((await comments(r.id)).length).toBe(0);
  });

  it("refuses a reply to a '[deleted]' comment with 'Parent comment not found', writing nothing; its live replies can still be answered", async () => {
    const [a, b, c] = [await createActor(), await createActor(), await createActor()];
    const r = await review();
    const top = await addComment(a, { reviewId: r.id, content: "top" });
    const topId = top.ok ? top.data.id : 0;
    const reply = await addComment(b, { reviewId: r.id, content: "reply", parentId: topId });
    const replyId = reply.ok ? reply.data.id : 0;
    expect((await deleteComment(a, topId)).ok).toBe(true);
    const before = (await comments(r.id)).length;

    // A crafted post (the page shows no Reply on '[deleted]'), through the service and the form.
    expect(await addComment(c, { reviewId: r.id, content: "necro", parentId: topId })).toEqual({
      ok: false,
      status: 404,
      error: M.parentNotFound,
    });
    expect(await applyCommentForm(c, { intent: "create", reviewId: String(r.id), content: "necro", parentId: String(topId) })).toEqual({
      ok: false,
      status: 404,
      error: M.parentNotFound,
    });
    expect((await comments(r.id)).length).toBe(before);

    // Answering the live reply is still a reply in that thread.
    expect(await addComment(c, { reviewId: r.id, content: "to the reply", parentId: replyId })).toMatchObject({
      ok: true,
      data: { parentId: topId },
    });
  });

  it("a '[deleted]' comment names nobody: neither its author's id nor name reaches the page", async () => {
    const [a, b] = [await createActor(), await createActor()];
    const r = await review();
    const top = await addComment(a, { reviewId: r.id, content: "regret this" });
    const topId = top.ok ? top.data.id : 0;
    await addComment(b, { reviewId: r.id, content: "reply", parentId: topId });
    expect((await deleteComment(a, topId)).ok).toBe(true);
    for (const viewer of [null, a, b]) {
      const page = await listComments(viewer, r.id);
      if (!page.ok) throw new Error("listing failed");
      const tombstone = page.data.comments[0]!;
      expect(tombstone).toMatchObject({
        deleted: true,
        content: "[deleted]",
        userId: null,
        user: { id: null, name: "[deleted]", avatarUrl: null },
      });
      // The reply keeps its author.
      expect(tombstone.replies.map((x) => [x.userId, x.user.id])).toEqual([[b.id, b.id]]);
    }
  });

  it("comment likes toggle with the count in step, and visitors are refused", async () => {
    const [a, b] = [await createActor(), await createActor()];
    const r = await review();
    const c = await addComment(a, { reviewId: r.id, content: "like me" });
    const id = c.ok ? c.data.id : 0;
    expect(await toggleCommentLike(null, id)).toMatchObject({ status: 401, error: M.likeCommentSignIn });
    expect(await toggleCommentLike(b, "abc")).toMatchObject({ status: 400, error: M.invalidCommentId });
    expect(await toggleCommentLike(b, id)).toEqual({ ok: true, data: { liked: true, likeCount: 1 } });
    const many = await Promise.all(Array.from({ length: 10 }, () => toggleCommentLike(b, id)));
    expect(many.every((m) => m.ok)).toBe(true);
    const end = await commentLikes(id);
    expect(end.count).toBe(end.rows);
  });

  it("applyCommentForm routes intents; an unknown one is a 400 (401 for a visitor)", async () => {
    const me = await createActor();
    expect(await applyCommentForm(me, { intent: "nope" })).toMatchObject({ status: 400 });
    expect(await applyCommentForm(null, { intent: "create", reviewId: "1", content: "x" })).toMatchObject({
      status: 401,
      error: M.commentSignIn,
    });
  });
});

describe("account deletion", () => {
  it("removes the user's reviews, comments and likes and keeps every counter on other rows exact", async () => {
    const [leaver, other] = [await createActor(), await createActor()];
    const g = await createGame();
    const theirs = await createRating({ userId: other.id, gameId: g.id, rating: 6, review: "ok" });
    const mine = await createRating({ userId: leaver.id, gameId: g.id, rating: 9, review: "mine" });
    await toggleReviewLike(leaver, theirs.id);
    await toggleReviewLike(other, theirs.id);
    await toggleReviewLike(other, mine.id);
    const c = await addComment(other, { reviewId: theirs.id, content: "other's comment" });
    const cid = c.ok ? c.data.id : 0;
    await toggleCommentLike(leaver, cid);
    await addComment(leaver, { reviewId: theirs.id, content: "leaver's comment" });

    expect(await deleteUserCascade(leaver.id)).toBe(true);

    const [gs] = await db.handle().db.select({ count: game.ratingCount, sum: game.ratingSum }).from(game).where(eq(game.id, g.id));
    expect({ count: gs!.count, sum: Number(gs!.sum) }).toEqual({ count: 1, sum: 6 });
    expect(await reviewLikes(theirs.id)).toEqual({ count: 1, rows: 1 });
    expect(await commentLikes(cid)).toEqual({ count: 0, rows: 0 });
    const left = await db.handle().db.select({ id: comment.id }).from(comment).where(eq(comment.userId, leaver.id));
    const likes = await db
      .handle()
      .db.select({ id: contentLike.id })
      .from(contentLike)
      .where(and(eq(contentLike.userId, leaver.id), isNotNull(contentLike.id)));
    expect(left.length + likes.length).toBe(0);
    const page = await listComments(other, theirs.id);
    expect(page.ok && page.data.total).toBe(1);
  });

  it("keeps other people's replies to the leaver's comments, under a '[deleted]' comment without an author", async () => {
    const [leaver, other, third] = [await createActor(), await createActor(), await createActor()];
    const r = await review(other!.id);
    const answered = await addComment(leaver, { reviewId: r.id, content: "leaver's question" });
    const lonely = await addComment(leaver, { reviewId: r.id, content: "nobody answered" });
    const selfAnswered = await addComment(leaver, { reviewId: r.id, content: "talking to myself" });
    if (!answered.ok || !lonely.ok || !selfAnswered.ok) throw new Error("comments");
    const reply = await addComment(other, { reviewId: r.id, content: "other's answer", parentId: answered.data.id });
    await addComment(leaver, { reviewId: r.id, content: "leaver's own follow-up", parentId: answered.data.id });
    await addComment(leaver, { reviewId: r.id, content: "me again", parentId: selfAnswered.data.id });
    if (!reply.ok) throw new Error(reply.error);
    await toggleCommentLike(third, answered.data.id);

    expect(await deleteUserCascade(leaver.id)).toBe(true);

    const rows = await comments(r.id);
    expect(rows.map((c) => c.content).sort()).toEqual(["[deleted]", "other's answer"]);
    const tomb = rows.find((c) => c.id === answered.data.id)!;
    expect(tomb).toMatchObject({ userId: null, isPublished: false, likeCount: 0 });
    expect(await commentLikes(answered.data.id)).toEqual({ count: 0, rows: 0 });
    const page = await listComments(third, r.id);
    if (!page.ok) throw new Error(page.error);
    expect(page.data.total).toBe(1);
    expect(page.data.comments).toHaveLength(1);
    expect(page.data.comments[0]).toMatchObject({ deleted: true, content: "[deleted]", userId: null, user: { id: null, avatarUrl: null } });
    expect(page.data.comments[0]!.replies.map((c) => c.content)).toEqual(["other's answer"]);
    // The reply's author can still edit it, nobody can touch the '[deleted]' one, and when the last reply goes, so does it.
    expect((await editComment(other, { commentId: reply.data.id, content: "edited answer" })).ok).toBe(true);
    expect((await deleteComment(other, answered.data.id)).ok).toBe(false);
    expect((await deleteComment(other, reply.data.id)).ok).toBe(true);
    expect(await comments(r.id)).toEqual([]);
  });

  it("a user row deleted any other way cannot leave authorless comments behind (the database refuses)", async () => {
    const leaver = await createActor();
    const r = await review();
    expect((await addComment(leaver, { reviewId: r.id, content: "still here" })).ok).toBe(true);
    await expect(db.handle().db.execute(sql`delete from "user" where id = ${leaver.id}`)).rejects.toThrow();
    expect((await comments(r.id)).map((c) => c.userId)).toEqual([leaver.id]);
  });
});
