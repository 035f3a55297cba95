import { z } from "zod";
import { CONSENT_MESSAGES, NAVIGATION_SOURCES, TRACKING_LEVELS, type ConsentIntent } from "~/lib/consent";

/** The consent form (banner with or without JavaScript, settings dialog). */
export const consentFormSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.enum(["accept_all", "accept_essential", "decline"] as const satisfies readonly ConsentIntent[]) }),
    z.object({ intent: z.literal("save"), level: z.enum(TRACKING_LEVELS, { message: CONSENT_MESSAGES.invalid }) }),
    /** 'Clear local data': forgets the choice kept in the consent cookie. */
    z.object({ intent: z.literal("clear") }),
  ],
  { message: CONSENT_MESSAGES.invalid },
);
export type ConsentForm = z.infer<typeof consentFormSchema>;

/**
 * A game page view sent by the browser (POST /api/events). Only the facts: whether it may be
 * stored is decided on the server from the stored consent, never from the request.
 */
export const pageViewEventSchema = z.object({
  type: z.literal("game_view", { message: "Unknown event type" }),
  gameId: z
    .number({ message: "gameId must be a game id" })
    .int("gameId must be a game id")
    .positive("gameId must be a game id")
    .max(2_147_483_647, "gameId must be a game id"),
  source: z.enum(NAVIGATION_SOURCES, { message: `source must be one of ${NAVIGATION_SOURCES.join(", ")}` }),
  /** The browser's session id: a millisecond timestamp, a dash and a random string. */
  sessionId: z.string().regex(/^\d{10,16}-[a-z0-9]{8,32}$/, "sessionId must be a timestamp, a dash and a random string"),
});
export type PageViewEvent = z.infer<typeof pageViewEventSchema>;

/** Request bodies above this are refused before parsing. */
export const MAX_EVENT_BODY_BYTES = 1024;
