import * as Dialog from "@radix-ui/react-dialog";
import { Search } from "~/components/ui/icons";
import { useEffect, useRef, useState, type TouchEvent } from "react";
import { PHONE_QUERY, useMediaQuery } from "~/lib/use-media-query";
import { DialogCloseButton } from "~/components/ui/dialog-close-button";
import { useReturnFocus } from "~/components/ui/use-return-focus";
import { GameCover } from "~/components/game/game-cover";
import { formatRating } from "~/lib/ratings";
import { LISTS_MESSAGES as M } from "~/modules/lists/lists.messages";
import type { PickerMode } from "~/modules/lists/lists.schema";
import type { PickerGame } from "~/modules/lists/lists.service.server";

export const PICKER_DEBOUNCE_MS = 300;
export const SWIPE_CLOSE_PX = 50;
interface PickerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  mode: PickerMode;
  /** Games already placed (Top 5), left out of the list. */
  exclude?: number[];
  /** Called with the chosen game; resolve to close the picker. */
  onPick: (game: PickerGame) => Promise<boolean>;
}

const TITLES: Record<PickerMode, string> = {
  top5: "Add to your Top 5",
  collection: "Add to your collection",
  wishlist: "Add to your wishlist",
};

/**
 * The game picker: search debounced 300 ms, 20 results. In the Top 5 mode it lists the user's rated
 * games best first; in collection / wishlist mode it searches the catalogue and hides started or
 * finished games. A bottom sheet under 768 px that closes by a 50 px swipe down or Escape.
 */
export function GamePicker({ open, onOpenChange, mode, exclude = [], onPick }: PickerProps) {
  const [q, setQ] = useState("");
  const [games, setGames] = useState<PickerGame[]>([]);
  const [hidden, setHidden] = useState(0);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const phone = useMediaQuery(PHONE_QUERY);
  const input = useRef<HTMLInputElement>(null);
  const sheet = useRef<HTMLDivElement>(null);
  const dragStart = useRef<number | null>(null);
  const excludeKey = exclude.join(",");
  const returnFocus = useReturnFocus();

  useEffect(() => {
    const term = q.trim();
    if (!open || (mode !== "top5" && !term)) return;
    const controller = new AbortController();
    const timer = setTimeout(
      () => {
        setLoading(true);
        const params = new URLSearchParams({ mode, q: term });
        if (excludeKey) params.set("exclude", excludeKey);
        fetch(`/api/picker?${params}`, { signal: controller.signal, headers: { Accept: "application/json" } })
          .then(async (res) => {
            const body = (await res.json()) as { ok: boolean; games: PickerGame[]; hiddenCount: number; error?: string };
            if (!res.ok || !body.ok) throw new Error(body.error);
            setGames(body.games);
            setHidden(body.hiddenCount);
            setError(null);
          })
          .catch(() => {
            if (!controller.signal.aborted) setError(term ? M.pickerSearchFailed : M.pickerLoadFailed);
          })
          .finally(() => {
            if (!controller.signal.aborted) setLoading(false);
          });
      },
      term ? PICKER_DEBOUNCE_MS : 0,
    );
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [open, q, mode, excludeKey]);

  const close = (next: boolean) => {
    if (!next) {
      setQ("");
      setGames([]);
      setHidden(0);
      setError(null);
    }
    onOpenChange(next);
  };
  // Collection / wishlist: nothing is listed until something is typed.
  const idle = mode !== "top5" && !q.trim();
  const shownGames = idle ? [] : games;

  const choose = async (g: PickerGame) => {
    setBusy(g.gameId);
    try {
      if (await onPick(g)) close(false);
    } finally {
      setBusy(null);
    }
  };

  // Swipe down on the sheet's handle or title bar: follows the finger, closes past 50 px.
  const onTouchStart = (e: TouchEvent) => {
    dragStart.current = e.touches[0]?.clientY ?? null;
  };
  const onTouchMove = (e: TouchEvent) => {
    if (dragStart.current === null || !sheet.current) return;
    const dy = Math.max(0, (e.touches[0]?.clientY ?? 0) - dragStart.current);
    sheet.current.style.transform = `translateY(${dy}px)`;
    sheet.current.style.setProperty("--sheet-drag", `${dy}px`);
  };
  const onTouchEnd = (e: TouchEvent) => {
    if (dragStart.current === null || !sheet.current) return;
    const dy = (e.changedTouches[0]?.clientY ?? dragStart.current) - dragStart.current;
    dragStart.current = null;
    sheet.current.style.transform = "";
    if (dy > SWIPE_CLOSE_PX) close(false);
    else sheet.current.style.setProperty("--sheet-drag", "0px");
  };

  const layout = phone
    ? "fixed inset-x-0 bottom-0 max-h-[85dvh] rounded-t-2xl data-[state=open]:animate-[sheet-up_300ms_ease-out] data-[state=closed]:animate-[sheet-down_300ms_ease-in] motion-reduce:animate-none"
    : "fixed top-1/2 left-1/2 max-h-[80vh] w-[min(92vw,40rem)] -translate-x-1/2 -translate-y-1/2 rounded-2xl";

  return (
    <Dialog.Root open={open} onOpenChange={close}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/60" />
        <Dialog.Content
          ref={sheet}
          data-testid="game-picker"
          data-sheet={phone ? "bottom" : "dialog"}
          className={`z-50 flex flex-col border border-line bg-surface text-ink shadow-2xl focus:outline-none ${layout}`}
          aria-describedby={undefined}
          onOpenAutoFocus={(e) => {
            returnFocus.remember();
            e.preventDefault();
            input.current?.focus();
          }}
          onCloseAutoFocus={returnFocus.onCloseAutoFocus}
        >
          <div
            onTouchStart={onTouchStart}
            onTouchMove={onTouchMove}
            onTouchEnd={onTouchEnd}
            data-testid="picker-handle"
            className="touch-none"
          >
            {phone && <div aria-hidden="true" className="mx-auto mt-2 h-1.5 w-12 rounded-full bg-line" />}
            <div className="flex items-center justify-between gap-2 px-4 pt-3">
              <Dialog.Title className="text-lg font-bold text-ink-strong">{TITLES[mode]}</Dialog.Title>
              <DialogCloseButton label="Close" />
            </div>
          </div>
          <div className="px-4 pt-2 pb-3">
            <label className="relative block">
              <span className="sr-only">Search games</span>
              <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted" />
              <input
                type="search"
                value={q}
                onChange={(e) => setQ(e.currentTarget.value)}
                placeholder={mode === "top5" ? "Search your rated games by name or genre" : "Search games"}
                className="h-11 w-full rounded-lg border border-line bg-page pr-3 pl-9 text-ink focus-visible:ring-2 focus-visible:ring-accent/60 focus-visible:outline-none"
                ref={input}
              />
            </label>
            {!idle && mode !== "top5" && hidden > 0 && (
              <p className="mt-2 text-xs text-muted" data-testid="picker-hidden-note">
                {M.pickerHiddenNote} ({hidden} hidden)
              </p>
            )}
          </div>
          <div className="min-h-40 flex-1 overflow-y-auto px-2 pb-4" aria-live="polite" aria-busy={loading}>
            {error && !idle && (
              <p role="alert" className="px-2 py-4 text-bad">
                {error}
              </p>
            )}
            {!error && !loading && !idle && shownGames.length === 0 && (
              <p className="px-2 py-4 text-muted">{mode === "top5" ? "No rated games to add." : "No games found."}</p>
            )}
            <ul>
              {shownGames.map((g) => (
                <li key={g.gameId}>
                  <button
                    type="button"
                    disabled={busy !== null}
                    onClick={() => void choose(g)}
                    className="flex w-full items-center gap-3 rounded-lg p-2 text-left hover:bg-surface-2 focus-visible:ring-2 focus-visible:ring-accent/60 focus-visible:outline-none disabled:opacity-60"
                  >
                    <GameCover
                      name={g.name}
                      coverUrl={g.coverUrl}
                      year={g.year}
                      width={40}
                      size="t_cover_small"
                      className="w-10 shrink-0"
                    />
                    <span className="min-w-0 flex-1">
                      <span className="block truncate font-semibold">{g.name}</span>
                      {g.year && <span className="text-sm text-muted">{g.year}</span>}
                    </span>
                    {g.rating !== null && <span className="font-bold text-accent-strong">{formatRating(g.rating)}</span>}
                    {busy === g.gameId && <span className="text-sm text-muted">Loading...</span>}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
