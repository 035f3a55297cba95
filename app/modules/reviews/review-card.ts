import { reviewGameRef } from "~/lib/review-game-ref";
import type { ReviewCardRow } from "./reviews.queries.server";

export const CARD_THEMES = ["purple", "green", "orange", "blue", "red"] as const;
export type CardTheme = (typeof CARD_THEMES)[number];

export interface ReviewCard {
  id: number;
  userId: number;
  gameId: number;
  igdbGameId: number | null;
  gameSlug: string | null;
  gameTitle: string;
  gameCoverUrl: string | null;
  gameYear: number | null;
  rating: number;
  text: string;
  date: string;
  hasText: boolean;
  author: string;
  authorAvatar: string | null;
  likeCount: number;
  commentCount: number;
  theme: CardTheme;
  /** The text reveals story: cards hide it behind 'Show spoilers'. */
  containsSpoilers: boolean;
}

/** The review card view model: what a list of reviews shows for one review. */
export function toReviewCard(row: ReviewCardRow): ReviewCard {
  const text = row.text ?? "";
  return {
    id: row.id,
    userId: row.userId,
    gameId: row.gameId,
    igdbGameId: row.igdbGameId,
    gameSlug: row.gameSlug,
    gameTitle: row.gameTitle?.trim() || "Unknown Game",
    gameCoverUrl: row.gameCoverUrl,
    gameYear: row.gameYear,
    rating: row.rating,
    text,
    date: row.date,
    hasText: text.trim().length > 0,
    author: row.username?.trim() || row.name?.trim() || "Anonymous",
    authorAvatar: row.avatarUrl,
    likeCount: row.likeCount,
    commentCount: row.commentCount,
    theme: CARD_THEMES[row.id % 5] ?? "purple",
    containsSpoilers: row.containsSpoilers ?? false,
  };
}

/** /review/{userId}/{game}: the IGDB id when present, else `local-{id}` (review-game-ref.ts). */
export function reviewHref(card: Pick<ReviewCard, "userId" | "gameId" | "igdbGameId">): string {
  if (!card.userId || !(card.igdbGameId ?? card.gameId)) return "/search";
  return `/review/${card.userId}/${reviewGameRef({ id: card.gameId, igdbId: card.igdbGameId })}`;
}

export function previewText(text: string, max = 144): string {
  const t = text.trim();
  return t.length > max ? `${t.slice(0, max)}...` : t;
}
