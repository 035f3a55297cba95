import type { ListIntent } from "./lists.schema";

/** The four flags of one game for the signed-in user (plus the wishlist priority). */
export interface ListState {
  inWishlist: boolean;
  /** 0 Low, 1 Normal, 2 High; null when not on the wishlist. */
  wishlistPriority: number | null;
  inCollection: boolean;
  started: boolean;
  completed: boolean;
}

/**
 * What the state becomes when `intent` succeeds: the optimistic view of the game-page controls. A
 * refused change (started or finished game) returns the state unchanged, as the server will.
 */
export function nextListState(s: ListState, intent: ListIntent, priority?: number): ListState {
  const progressed = s.started || s.completed;
  const cleared = { inWishlist: false, wishlistPriority: null, inCollection: false };
  switch (intent) {
    case "mark_started":
      return { ...s, ...cleared, started: true };
    case "mark_completed":
      return { ...s, ...cleared, started: true, completed: true };
    case "add_to_wishlist":
    case "move_to_wishlist":
      if (progressed || (intent === "add_to_wishlist" && s.inCollection)) return s;
      return { ...s, inWishlist: true, wishlistPriority: s.wishlistPriority ?? 1, inCollection: false };
    case "add_to_collection":
    case "move_to_collection":
      return progressed ? s : { ...s, inCollection: true, inWishlist: false, wishlistPriority: null };
    case "remove_from_wishlist":
      return { ...s, inWishlist: false, wishlistPriority: null };
    case "remove_from_collection":
      return { ...s, inCollection: false };
    case "toggle_wishlist":
      return nextListState(s, s.inWishlist ? "remove_from_wishlist" : "add_to_wishlist");
    case "toggle_collection":
      return nextListState(s, s.inCollection ? "remove_from_collection" : "add_to_collection");
    case "set_priority":
      return s.inWishlist && priority !== undefined ? { ...s, wishlistPriority: priority } : s;
  }
}

/** Labels and disabled rules of the game-page controls. */
export function controlLabels(s: ListState) {
  const progressed = s.started || s.completed;
  return {
    wishlist: { label: s.inWishlist ? "In Wishlist" : "Add to Wishlist", disabled: s.inCollection || progressed },
    collection: {
      label: s.inCollection ? "In Collection" : s.inWishlist ? "Move to Collection" : "Add to Collection",
      disabled: progressed,
    },
    started: { label: progressed ? "Started" : "Mark as Started", disabled: progressed },
    finished: { label: s.completed ? "Finished" : "Mark as Finished", disabled: s.completed },
  };
}
