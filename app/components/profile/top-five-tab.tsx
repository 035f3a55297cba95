import {
  closestCenter,
  DndContext,
  DragOverlay,
  KeyboardCode,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
} from "@dnd-kit/core";
import { arrayMove, rectSortingStrategy, SortableContext, useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import * as Dialog from "@radix-ui/react-dialog";
import { Plus, X } from "~/components/ui/icons";
import { useMemo, useRef, useState } from "react";
import { Link, useRevalidator } from "react-router";
import { toast } from "~/components/ui/toast";
import { GameCover } from "~/components/game/game-cover";
import { formatRating } from "~/lib/ratings";
import { PHONE_QUERY, useMediaQuery } from "~/lib/use-media-query";
import { LISTS_MESSAGES as M } from "~/modules/lists/lists.messages";
import type { PickerGame, TopFiveTab } from "~/modules/lists/lists.service.server";
import { GamePicker } from "./game-picker";
import { useReturnFocus } from "~/components/ui/use-return-focus";

/** Drag constants: mouse 8 px (10 on phones), touch hold 250 ms with 5 px tolerance, keyboard 25 px steps. */
export const DRAG = {
  mouseDistance: 8,
  phoneDistance: 10,
  touchDelayMs: 250,
  touchTolerance: 5,
  keyboardStep: 25,
  vibrateMs: 10,
  dropMs: 200,
};

type Slot = TopFiveTab["slots"][number] | { loading: true; gameId: number; name: string };
type Filled = Exclude<Slot, null>;

const slotId = (i: number) => `slot-${i + 1}`;
const indexOf = (id: string | number) => Number(String(id).slice(5)) - 1;
const isGame = (s: Slot): s is Exclude<TopFiveTab["slots"][number], null> => s !== null && !("loading" in s);

/** Arrow keys move the held cover 25 px at a time. */
const keyboardStep: KeyboardCoordinateGetter = (event, { currentCoordinates }) => {
  const step = DRAG.keyboardStep;
  switch (event.code) {
    case KeyboardCode.Right:
      return { ...currentCoordinates, x: currentCoordinates.x + step };
    case KeyboardCode.Left:
      return { ...currentCoordinates, x: currentCoordinates.x - step };
    case KeyboardCode.Down:
      return { ...currentCoordinates, y: currentCoordinates.y + step };
    case KeyboardCode.Up:
      return { ...currentCoordinates, y: currentCoordinates.y - step };
  }
  return undefined;
};

/**
 * Saves the whole list. A refusal (4xx) comes with the server's reason ('Only games you have rated can
 * be in your Top 5'); a network or server failure has none (`reason: null`).
 */
async function saveSlots(slots: Slot[]): Promise<{ ok: true } | { ok: false; reason: string | null }> {
  const entries = slots.flatMap((s, i) => (s ? [{ gameId: s.gameId, position: i + 1 }] : []));
  try {
    const res = await fetch("/api/top-games", {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ entries }),
    });
    if (res.ok) return { ok: true };
    const body = res.status < 500 ? ((await res.json().catch(() => null)) as { error?: unknown } | null) : null;
    return { ok: false, reason: typeof body?.error === "string" && body.error !== "" ? body.error : null };
  } catch {
    return { ok: false, reason: null };
  }
}

/** Top 5: five numbered slots; the owner edits (drag to reorder, remove, add from their rated games). */
export function TopFiveTabView({ data, isOwner }: { data: TopFiveTab; isOwner: boolean }) {
  const [slots, setSlots] = useState<Slot[]>(data.slots);
  const [editing, setEditing] = useState(false);
  const [activeIndex, setActiveIndex] = useState<number | null>(null);
  const [removeIndex, setRemoveIndex] = useState<number | null>(null);
  // After a removal the tile's remove button is gone: focus goes to the emptied slot's 'Add Game'.
  const slotList = useRef<HTMLOListElement>(null);
  const removedIndex = useRef<number | null>(null);
  const removeFocus = useReturnFocus(() =>
    removedIndex.current === null
      ? null
      : slotList.current?.querySelector<HTMLElement>(`[data-position="${removedIndex.current + 1}"] button`),
  );
  const [pickerSlot, setPickerSlot] = useState<number | null>(null);
  const phone = useMediaQuery(PHONE_QUERY);
  const revalidator = useRevalidator();
  // New data from the server (after a save, or another profile) replaces the local order.
  const [loaded, setLoaded] = useState(data.slots);
  if (loaded !== data.slots) {
    setLoaded(data.slots);
    setSlots(data.slots);
  }

  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: phone ? DRAG.phoneDistance : DRAG.mouseDistance } }),
    useSensor(TouchSensor, { activationConstraint: { delay: DRAG.touchDelayMs, tolerance: DRAG.touchTolerance } }),
    useSensor(KeyboardSensor, { coordinateGetter: keyboardStep }),
  );

  const nameAt = (i: number) => slots[i]?.name ?? "an empty slot";
  const announcements: Announcements = useMemo(
    () => ({
      onDragStart: ({ active }) => `Picked up ${nameAt(indexOf(active.id))} in position ${indexOf(active.id) + 1} of 5.`,
      onDragOver: ({ active, over }) =>
        over
          ? `${nameAt(indexOf(active.id))} is over position ${indexOf(over.id) + 1}.`
          : `${nameAt(indexOf(active.id))} is not over a position.`,
      onDragEnd: ({ active, over }) =>
        over ? `${nameAt(indexOf(active.id))} dropped in position ${indexOf(over.id) + 1}.` : `${nameAt(indexOf(active.id))} dropped.`,
      onDragCancel: ({ active }) => `Moving cancelled. ${nameAt(indexOf(active.id))} is back in position ${indexOf(active.id) + 1}.`,
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [slots],
  );

  const commit = async (next: Slot[], failure: string) => {
    const before = slots;
    setSlots(next);
    const saved = await saveSlots(next);
    if (saved.ok) {
      await revalidator.revalidate();
      return true;
    }
    setSlots(before);
    toast.error(saved.reason ?? failure);
    // A refusal means this page is out of date (e.g. a review deleted in another tab): show what is stored.
    if (saved.reason !== null) await revalidator.revalidate();
    return false;
  };

  const onDragStart = (e: DragStartEvent) => {
    setActiveIndex(indexOf(e.active.id));
    navigator.vibrate?.(DRAG.vibrateMs);
  };
  const onDragEnd = (e: DragEndEvent) => {
    setActiveIndex(null);
    if (!e.over || e.over.id === e.active.id) return;
    void commit(arrayMove(slots, indexOf(e.active.id), indexOf(e.over.id)), M.saveOrderFailed);
  };

  const onPick = async (g: PickerGame): Promise<boolean> => {
    if (pickerSlot === null) return false;
    const next = [...slots];
    next[pickerSlot] = { loading: true, gameId: g.gameId, name: g.name };
    setPickerSlot(null);
    void commit(next, M.pickerAddFailed);
    return true;
  };

  const filled = slots.filter((s) => s !== null).length;
  if (data.error) {
    return (
      <p role="alert" className="text-bad">
        {data.error}
      </p>
    );
  }
  if (!isOwner && filled === 0) return <p className="py-10 text-center text-muted">They haven&apos;t decided on a Top 5 yet! How sad!</p>;

  const active = activeIndex !== null ? slots[activeIndex] : null;
  return (
    <div>
      {isOwner && (
        <div className="mb-4 flex items-center justify-between gap-3">
          <p className="text-sm text-muted md:hidden">{editing ? "Press and hold a game to drag and reorder" : ""}</p>
          <button
            type="button"
            onClick={() => setEditing((e) => !e)}
            aria-pressed={editing}
            className="ml-auto rounded-lg border border-line px-4 py-2 text-sm font-semibold hover:bg-surface-2 focus-visible:ring-2 focus-visible:ring-accent/60 focus-visible:outline-none"
          >
            {editing ? "Done" : "Edit"}
          </button>
        </div>
      )}
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragStart={onDragStart}
        onDragEnd={onDragEnd}
        onDragCancel={() => setActiveIndex(null)}
        accessibility={{
          announcements,
          screenReaderInstructions: {
            draggable:
              "To pick up a game, press space or enter. Use the arrow keys to move it, space or enter to drop it in its new position, or escape to cancel.",
          },
        }}
      >
        <SortableContext items={slots.map((_, i) => slotId(i))} strategy={rectSortingStrategy}>
          <ol ref={slotList} className="grid grid-cols-4 gap-3 xs:grid-cols-5 md:gap-4 lg:gap-6" data-testid="top5-slots">
            {slots.map((s, i) => (
              <SortableSlot
                key={slotId(i)}
                index={i}
                slot={s}
                editing={editing && isOwner}
                isOwner={isOwner}
                onRemove={() => {
                  removedIndex.current = null;
                  setRemoveIndex(i);
                }}
                onAdd={() => setPickerSlot(i)}
              />
            ))}
          </ol>
        </SortableContext>
        <DragOverlay dropAnimation={{ duration: DRAG.dropMs, easing: "ease-out" }}>
          {active ? <Cover slot={active} className="rotate-2 shadow-2xl shadow-black/60" /> : null}
        </DragOverlay>
      </DndContext>

      <Dialog.Root open={removeIndex !== null} onOpenChange={(o) => !o && setRemoveIndex(null)}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-40 bg-black/60" />
          <Dialog.Content
            role="alertdialog"
            aria-describedby={undefined}
            onOpenAutoFocus={removeFocus.remember}
            onCloseAutoFocus={removeFocus.onCloseAutoFocus}
            className="fixed top-1/2 left-1/2 z-50 w-[min(90vw,22rem)] -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-line bg-surface p-6 text-ink shadow-2xl"
          >
            <Dialog.Title className="text-lg font-bold text-ink-strong">Remove from Top 5?</Dialog.Title>
            {removeIndex !== null && slots[removeIndex] && <p className="mt-2 text-muted">{slots[removeIndex]!.name}</p>}
            <div className="mt-6 flex justify-end gap-3">
              <Dialog.Close className="rounded-lg border border-line px-4 py-2 font-semibold hover:bg-surface-2">Cancel</Dialog.Close>
              <button
                type="button"
                className="rounded-lg bg-bad px-4 py-2 font-semibold text-white hover:opacity-90"
                onClick={() => {
                  const i = removeIndex;
                  removedIndex.current = i;
                  setRemoveIndex(null);
                  if (i === null) return;
                  const next = [...slots];
                  next[i] = null;
                  void commit(next, M.removeTopFailed);
                }}
              >
                OK
              </button>
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>

      {isOwner && (
        <GamePicker
          open={pickerSlot !== null}
          onOpenChange={(o) => !o && setPickerSlot(null)}
          mode="top5"
          exclude={slots.flatMap((s) => (s ? [s.gameId] : []))}
          onPick={onPick}
        />
      )}
    </div>
  );
}

function Cover({ slot, className = "" }: { slot: Filled; className?: string }) {
  if (!isGame(slot)) {
    return (
      <div
        className={`flex aspect-[264/374] items-center justify-center rounded-lg border border-line bg-surface text-sm text-muted ${className}`}
      >
        Loading...
      </div>
    );
  }
  return <GameCover name={slot.name} coverUrl={slot.coverUrl} year={slot.year} width={200} className={`w-full ${className}`} />;
}

interface SlotProps {
  index: number;
  slot: Slot;
  editing: boolean;
  isOwner: boolean;
  onRemove: () => void;
  onAdd: () => void;
}

/** One numbered slot. The first is the large one on a phone held upright. */
function SortableSlot({ index, slot, editing, isOwner, onRemove, onAdd }: SlotProps) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: slotId(index),
    disabled: !editing || slot === null,
  });
  const style = { transform: CSS.Translate.toString(transform), transition };
  const big = index === 0 ? "col-span-4 mx-auto w-2/3 xs:col-span-1 xs:w-full" : "";
  return (
    <li
      ref={setNodeRef}
      style={style}
      className={`relative ${big} ${isDragging ? "opacity-40" : ""}`}
      data-testid="top5-slot"
      data-position={index + 1}
    >
      <span className="absolute top-1 left-1 z-10 rounded bg-page/85 px-1.5 text-sm font-bold text-ink-strong">{index + 1}</span>
      {slot ? (
        editing ? (
          <div
            {...attributes}
            {...listeners}
            aria-label={`${slot.name}, position ${index + 1}. Press space to move.`}
            className="cursor-grab touch-none rounded-lg ring-accent/60 select-none focus-visible:ring-2 focus-visible:outline-none active:cursor-grabbing"
            data-testid="top5-handle"
          >
            <Cover slot={slot} />
            <span className="mt-1 block truncate text-sm">{slot.name}</span>
          </div>
        ) : isGame(slot) ? (
          <Link
            to={`/game/${slot.slug}`}
            className="block rounded-lg focus-visible:ring-2 focus-visible:ring-accent/60 focus-visible:outline-none"
          >
            <Cover slot={slot} />
            <span className="mt-1 block truncate text-sm">{slot.name}</span>
            {slot.rating !== null && <span className="text-sm font-bold text-accent-strong">{formatRating(slot.rating)}</span>}
          </Link>
        ) : (
          <Cover slot={slot} />
        )
      ) : isOwner ? (
        <button
          type="button"
          onClick={onAdd}
          className="flex aspect-[264/374] w-full flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed border-line text-sm font-semibold text-muted hover:border-accent hover:text-ink focus-visible:ring-2 focus-visible:ring-accent/60 focus-visible:outline-none"
        >
          <Plus aria-hidden="true" className="size-6" />
          Add Game
        </button>
      ) : (
        <div className="aspect-[264/374] rounded-lg border border-dashed border-line" />
      )}
      {editing && slot && (
        <button
          type="button"
          onClick={onRemove}
          aria-label={`Remove ${slot.name} from Top 5`}
          className="absolute top-1 right-1 z-10 grid size-8 place-items-center rounded-full bg-page/85 text-ink hover:bg-bad hover:text-white focus-visible:ring-2 focus-visible:ring-accent/60 focus-visible:outline-none"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      )}
    </li>
  );
}
