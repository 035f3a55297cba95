import { z } from "zod";

/** The review form, shared by the page (limits, labels) and the server (which enforces them). */

export const DEFAULT_RATING = 5;
export const PLAYTIME_MIN = 1;
export const PLAYTIME_MAX = 99_999;
export const REVIEW_TEXT_MAX = 10_000;
/** Offered when a game lists no platforms. */
export const DEFAULT_PLATFORMS = ["PS5", "Xbox Series X/S", "Nintendo Switch", "PC", "Retro"] as const;

export const REVIEW_MESSAGES = {
  duplicate: "You have already reviewed this game",
  editDenied: "Review not found or you do not have permission to edit it",
  deleteDenied: "Review not found or you do not have permission to delete it",
  gameNotFound: "Game not found. Please select a valid game from the search results.",
  missingIgdbId: "Game data is missing IGDB ID. Please try selecting the game again.",
  invalidReviewId: "Invalid review ID",
  insertFailed: "Failed to insert review",
  rating: "Rating must be a number from 1 to 10 in steps of 0.5",
  playtime: "Playtime must be a whole number of hours from 1 to 99999",
  finished: "Please answer 'Did you finish the game?'",
  recommended: "Please answer yes or no to recommending the game",
  platform: "Please choose a platform",
  textTooLong: "Review text must be 10000 characters or less",
  invalidViewParams: "Invalid review URL parameters. User ID and Game ID must be numbers.",
  notFound: "Review not found",
} as const;

export const platformNotFound = (name: string) => `Platform "${name}" not found in database`;
export const submitFailed = (detail: string) => `Failed to submit review: ${detail}`;
export const updateFailed = (detail: string) => `Failed to update review: ${detail}`;
export const deleteFailed = (detail: string) => `Failed to delete review: ${detail}`;

/** A positive whole number written in digits only (route ids, hidden ids). */
export function parseId(value: unknown): number | null {
  if (typeof value !== "string" && typeof value !== "number") return null;
  const text = String(value).trim();
  if (!/^\d{1,10}$/.test(text)) return null;
  const n = Number(text);
  return n >= 1 && n <= 2_147_483_647 ? n : null;
}

const formText = z.preprocess((v) => (v === undefined || v === null ? "" : v), z.string());

const ratingField = formText.pipe(
  z
    .string()
    .trim()
    .regex(/^\d{1,2}(\.\d{1,3})?$/, REVIEW_MESSAGES.rating)
    .transform(Number)
    .refine((n) => n >= 1 && n <= 10 && Number.isInteger(n * 2), REVIEW_MESSAGES.rating),
);

const playtimeField = formText.pipe(
  z
    .string()
    .trim()
    .refine((s) => s === "" || /^\d{1,5}$/.test(s), REVIEW_MESSAGES.playtime)
    .transform((s) => (s === "" ? null : Number(s)))
    .refine((n) => n === null || (n >= PLAYTIME_MIN && n <= PLAYTIME_MAX), REVIEW_MESSAGES.playtime),
);

const yesNo = (message: string) =>
  formText.pipe(
    z
      .string()
      .refine((s) => s === "" || s === "yes" || s === "no", message)
      .transform((s) => (s === "" ? null : s === "yes")),
  );

export const reviewFormSchema = z.object({
  rating: ratingField,
  recommended: yesNo(REVIEW_MESSAGES.recommended),
  finished: yesNo(REVIEW_MESSAGES.finished),
  platform: formText.pipe(z.string().trim().max(100, REVIEW_MESSAGES.platform)),
  text: formText.pipe(z.string().max(REVIEW_TEXT_MAX, REVIEW_MESSAGES.textTooLong)),
  playtime: playtimeField,
  spoilers: formText.transform((s) => s === "on" || s === "true" || s === "yes"),
  /** Set when the form edits an existing review (Update Review); absent for Publish Review. */
  reviewId: formText,
});

export type ReviewForm = z.output<typeof reviewFormSchema>;

/** The rating input's rule for typed values: clamped to 1..10 and rounded to the nearest half; blank → 5. */
export function normalizeRatingInput(value: string): number {
  const n = Number.parseFloat(value);
  if (value.trim() === "" || !Number.isFinite(n)) return DEFAULT_RATING;
  return Math.min(10, Math.max(1, Math.round(n * 2) / 2));
}

/**
 * What the form held when it was posted after the session ended (no JavaScript): shown again in the
 * form, so signing in and publishing again loses nothing. Strings as posted, cut to the form's limits.
 */
export interface ReviewDraft {
  rating: string;
  recommended: "" | "yes" | "no";
  finished: "" | "yes" | "no";
  platform: string;
  text: string;
  playtime: string;
  spoilers: boolean;
  reviewId: string;
}

export function reviewDraftOf(form: Record<string, unknown>): ReviewDraft {
  const text = (k: string, max: number) => {
    const v = form[k];
    return typeof v === "string" ? v.slice(0, max) : "";
  };
  const yesNo = (k: string) => {
    const v = text(k, 3);
    return v === "yes" || v === "no" ? v : "";
  };
  const spoilers = text("spoilers", 4);
  return {
    rating: text("rating", 8),
    recommended: yesNo("recommended"),
    finished: yesNo("finished"),
    platform: text("platform", 100),
    text: text("text", REVIEW_TEXT_MAX),
    playtime: text("playtime", 8),
    spoilers: spoilers === "on" || spoilers === "true" || spoilers === "yes",
    reviewId: /^\d{1,10}$/.test(text("reviewId", 10)) ? text("reviewId", 10) : "",
  };
}
