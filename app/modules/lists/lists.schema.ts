import { z } from "zod";
import { LISTS_MESSAGES as M } from "./lists.messages";

/** The largest id a Postgres integer column holds. */
export const MAX_INT = 2_147_483_647;
export const TOP_FIVE_SLOTS = 5;
export const TOP_TEN_SIZE = 10;

export const LIST_INTENTS = [
  "mark_started",
  "mark_completed",
  "toggle_wishlist",
  "toggle_collection",
  "add_to_wishlist",
  "add_to_collection",
  "remove_from_wishlist",
  "remove_from_collection",
  "move_to_wishlist",
  "move_to_collection",
  "set_priority",
] as const;
export type ListIntent = (typeof LIST_INTENTS)[number];

/** A positive whole id that fits an integer column (as a form field or a number): an IGDB id or a game id. */
export function parsePositiveId(value: unknown): number | null {
  const s = typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : "";
  if (!/^\d{1,10}$/.test(s)) return null;
  const n = Number(s);
  return n > 0 && n <= MAX_INT ? n : null;
}

/**
 * Which game a list action is about: by its IGDB id (`igdbId`, the spec's field; a game known only to
 * IGDB is fetched and saved first) or by its internal id (`gameId`: a catalogue game, with or without an
 * IGDB id). Two fields, never one number read both ways: a catalogue game's internal id can equal
 * another game's IGDB id (in the demo catalogue Pikmin's id 233 is Half-Life 2's IGDB id).
 */
export type GameKey = { igdbId: number } | { gameId: number };

/** A form field left out: absent, null, or empty. */
const absent = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");

/** The game an action names: exactly one of `igdbId` and `gameId`, each a positive whole id. */
export function parseGameKey(fields: { igdbId?: unknown; gameId?: unknown }): { ok: true; key: GameKey } | { ok: false; error: string } {
  const hasIgdb = !absent(fields.igdbId);
  const hasGame = !absent(fields.gameId);
  if (hasIgdb && hasGame) return { ok: false, error: M.twoGameKeys };
  if (hasGame) {
    const gameId = parsePositiveId(fields.gameId);
    return gameId === null ? { ok: false, error: M.invalidGameId } : { ok: true, key: { gameId } };
  }
  const igdbId = parsePositiveId(fields.igdbId);
  return igdbId === null ? { ok: false, error: M.missingIgdbId } : { ok: true, key: { igdbId } };
}

const gameKeyFields = { igdbId: z.unknown().optional(), gameId: z.unknown().optional() };

export const priorityField = z.union([z.literal("0"), z.literal("1"), z.literal("2"), z.literal(0), z.literal(1), z.literal(2)], {
  error: M.invalidPriority,
});

/** POST /api/lists: one game-page action, naming its game by `igdbId` or `gameId`. */
export const ListActionSchema = z
  .discriminatedUnion(
    "intent",
    [
      z.object({ intent: z.literal("set_priority"), ...gameKeyFields, priority: priorityField.transform((p) => Number(p) as 0 | 1 | 2) }),
      z.object({
        intent: z.enum(
          LIST_INTENTS.filter((i) => i !== "set_priority") as [
            Exclude<ListIntent, "set_priority">,
            ...Exclude<ListIntent, "set_priority">[],
          ],
        ),
        ...gameKeyFields,
      }),
    ],
    { error: M.invalidIntent },
  )
  .superRefine((v, ctx) => {
    const key = parseGameKey(v);
    if (!key.ok) ctx.addIssue({ code: "custom", message: key.error });
  });
export type ListAction = z.infer<typeof ListActionSchema>;

const entrySchema = z.object({
  gameId: z.number({ error: M.topFiveBadGame }).int(M.topFiveBadGame).positive(M.topFiveBadGame).max(MAX_INT, M.topFiveBadGame),
  position: z.number({ error: M.topFivePosition }).int(M.topFivePosition).min(1, M.topFivePosition).max(TOP_FIVE_SLOTS, M.topFivePosition),
});

/** POST /api/top-games: the whole Top 5 (slots may be empty; at most 5 entries). */
export const TopFiveSchema = z
  .array(entrySchema, { error: M.topFiveBadPayload })
  .max(TOP_FIVE_SLOTS, M.topFiveTooMany)
  .superRefine((entries, ctx) => {
    if (new Set(entries.map((e) => e.position)).size !== entries.length)
      ctx.addIssue({ code: "custom", message: M.topFiveDuplicatePosition });
    if (new Set(entries.map((e) => e.gameId)).size !== entries.length) ctx.addIssue({ code: "custom", message: M.topFiveDuplicateGame });
  });
export type TopFiveEntry = z.infer<typeof entrySchema>;

export const PICKER_MODES = ["top5", "collection", "wishlist"] as const;
export type PickerMode = (typeof PICKER_MODES)[number];
export const PICKER_LIMIT = 20;

/** Games a page of the collection or the wishlist on the profile's Want to Play tab (fills 3, 4 or 6 columns). */
export const LIST_PAGE_SIZE = 36;

/**
 * A page number from the URL: a positive whole number, else page 1. A page past the end is clamped to
 * the last once the list's count is known, so any run of digits is kept (capped) rather than refused.
 */
const listPageField = z
  .string()
  .trim()
  .regex(/^\d+$/)
  .transform((s) => Math.min(Number(s), Number.MAX_SAFE_INTEGER))
  .pipe(z.number().int().min(1))
  .catch(1);

/** ?collectionPage=&wishlistPage= on /user/:id?tab=playlist (each list pages on its own). */
export const WantToPlayPagesSchema = z.object({ collectionPage: listPageField, wishlistPage: listPageField });
export type WantToPlayPages = z.infer<typeof WantToPlayPagesSchema>;

export function parseWantToPlayPages(params: URLSearchParams): WantToPlayPages {
  return WantToPlayPagesSchema.parse({
    collectionPage: params.get("collectionPage") ?? undefined,
    wishlistPage: params.get("wishlistPage") ?? undefined,
  });
}
