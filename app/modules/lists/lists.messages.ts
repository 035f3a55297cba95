/** The texts users see for lists, progress, Top 5 and the picker (shared by server and browser). */
export const LISTS_MESSAGES = {
  unauthenticated: "User not authenticated",
  missingIgdbId: "Game data is missing IGDB ID. Please try selecting the game again.",
  gameNotInDatabase: "Game must be added to database first",
  // A gameId (the internal id) that is not a positive whole number; the spec's text for a game that
  // cannot be found.
  invalidGameId: "Game not found. Please select a valid game from the search results.",
  // Not given by the spec: an action names its game by igdbId or by gameId, and two ids could disagree.
  twoGameKeys: "Name the game by its IGDB id or by its game id, not both",
  cannotAddCollection: "Cannot add to collection: game already started or completed",
  cannotAddWishlist: "Cannot add to wishlist: game already started or completed",
  cannotMoveCollection: "Cannot move to collection: game already started or completed",
  cannotMoveWishlist: "Cannot move to wishlist: game already started or completed",
  // Not given by the spec: the wishlist button is disabled for a game in the collection, and the
  // server says why when it is pressed anyway.
  alreadyInCollection: "This game is in your collection. Move it to your wishlist instead.",
  notInWishlist: "This game is not in your wishlist",
  notInCollection: "This game is not in your collection",
  invalidPriority: "Priority must be Low, Normal or High",
  invalidIntent: "Unknown list action",
  failedRemove: "Failed to remove game",
  failedAdd: "Failed to add game",
  failedMove: "Failed to move game",
  // Top 5
  topFiveTooMany: "A Top 5 holds at most 5 games",
  topFivePosition: "Each Top 5 position must be a whole number from 1 to 5",
  topFiveDuplicatePosition: "Two games cannot share a Top 5 position",
  topFiveDuplicateGame: "A game can be in your Top 5 only once",
  topFiveBadGame: "Each Top 5 entry needs a valid game",
  topFiveUnrated: "Only games you have rated can be in your Top 5",
  topFiveBadPayload: "The Top 5 could not be read. Please try again.",
  saveOrderFailed: "Failed to save new order. Please try again.",
  removeTopFailed: "Failed to remove game. Please try again.",
  loadTopGamesFailed: "Failed to load top games",
  loadTopFiveFailed: "Failed to load Top 5",
  // Picker
  pickerLoadFailed: "Failed to load games",
  pickerSearchFailed: "Failed to search games",
  pickerAddToDatabaseFailed: "Failed to add game to database",
  pickerProcessFailed: "Failed to process game selection",
  pickerAddFailed: "Failed to add game",
  pickerProgressed: "This game has already been started or finished and cannot be added to collection or wishlist.",
  pickerHiddenNote: "Games you've already started or finished are not shown. They cannot be added to your collection/wishlist.",
} as const;

/** Failure messages for the game page's toasts: 'Failed to update wishlist: {error}' etc. */
export const failedToUpdateWishlist = (error: string) => `Failed to update wishlist: ${error}`;
export const failedToUpdateCollection = (error: string) => `Failed to update collection: ${error}`;
export const failedToMarkStarted = (error: string) => `Failed to mark game as started: ${error}`;
export const failedToMarkCompleted = (error: string) => `Failed to mark game as completed: ${error}`;

/** Wishlist priority values and their labels. */
export const PRIORITY_LABELS = { 0: "Low", 1: "Normal", 2: "High" } as const;
export type WishlistPriority = keyof typeof PRIORITY_LABELS;

type MessageKey = keyof typeof LISTS_MESSAGES;

/**
 * A refusal as a short code for a no-JavaScript redirect (?listError=), and back; unknown codes read as null.
 * A message that is not a list message reads as the failure of the intent: removing, moving or adding.
 */
export function listErrorCode(message: string, intent?: unknown): string {
  const key = (Object.keys(LISTS_MESSAGES) as MessageKey[]).find((k) => LISTS_MESSAGES[k] === message);
  if (key) return key;
  if (typeof intent === "string" && intent.startsWith("remove_")) return "failedRemove";
  if (typeof intent === "string" && intent.startsWith("move_")) return "failedMove";
  return "failedAdd";
}

export function listErrorMessage(code: string | null): string | null {
  if (!code || !Object.hasOwn(LISTS_MESSAGES, code)) return null;
  return LISTS_MESSAGES[code as MessageKey];
}
