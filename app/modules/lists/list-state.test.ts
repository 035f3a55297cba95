import { describe, expect, it } from "vitest";
import { controlLabels, nextListState, type ListState } from "./list-state";

const NONE: ListState = { inWishlist: false, wishlistPriority: null, inCollection: false, started: false, completed: false };

describe("game-page control labels and disabled rules", () => {
  it("labels each of the four flags", () => {
    expect(controlLabels(NONE)).toEqual({
      wishlist: { label: "Add to Wishlist", disabled: false },
      collection: { label: "Add to Collection", disabled: false },
      started: { label: "Mark as Started", disabled: false },
      finished: { label: "Mark as Finished", disabled: false },
    });
    const wished = controlLabels({ ...NONE, inWishlist: true, wishlistPriority: 1 });
    expect(wished.wishlist.label).toBe("In Wishlist");
    expect(wished.collection.label).toBe("Move to Collection");
    const owned = controlLabels({ ...NONE, inCollection: true });
    expect(owned.collection.label).toBe("In Collection");
    expect(owned.wishlist.disabled).toBe(true);
    const started = controlLabels({ ...NONE, started: true });
    expect(started).toMatchObject({
      started: { label: "Started", disabled: true },
      wishlist: { disabled: true },
      collection: { disabled: true },
    });
    expect(started.finished).toEqual({ label: "Mark as Finished", disabled: false });
    expect(controlLabels({ ...NONE, started: true, completed: true }).finished).toEqual({ label: "Finished", disabled: true });
  });

  it("predicts each change as the server makes it (the optimistic view)", () => {
    const wished = nextListState(NONE, "add_to_wishlist");
    expect(wished).toEqual({ ...NONE, inWishlist: true, wishlistPriority: 1 });
    expect(nextListState(wished, "add_to_collection")).toEqual({ ...NONE, inCollection: true });
    expect(nextListState(wished, "mark_started")).toEqual({ ...NONE, started: true });
    expect(nextListState({ ...NONE, started: true }, "add_to_wishlist")).toEqual({ ...NONE, started: true });
    expect(nextListState({ ...NONE, inCollection: true }, "move_to_wishlist")).toEqual({ ...NONE, inWishlist: true, wishlistPriority: 1 });
    expect(nextListState(wished, "set_priority", 2).wishlistPriority).toBe(2);
    expect(nextListState(NONE, "mark_completed")).toEqual({ ...NONE, started: true, completed: true });
  });
});
