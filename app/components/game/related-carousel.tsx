import { AlertCircle, ChevronLeft, ChevronRight } from "~/components/ui/icons";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import type { RelatedCard } from "~/modules/catalogue/related/related.service.server";
import { GameCover } from "./game-cover";

/** Arrows appear only above this many items. */
export const CAROUSEL_ARROW_THRESHOLD = 6;
/** One arrow press scrolls this far. */
export const CAROUSEL_SCROLL_PX = 360;
const CARD_WIDTH = 140;

function prefersReducedMotion(): boolean {
  return typeof window !== "undefined" && window.matchMedia?.("(prefers-reduced-motion: reduce)").matches === true;
}

function RelatedGameCard({ card, badge }: { card: RelatedCard; badge?: string }) {
  return (
    <Link to={card.href} className="group block rounded-lg focus-visible:outline-offset-4" data-testid="related-card">
      {/* The link is named by its visible text (name, badge, year): the cover only repeats the name. */}
      <span aria-hidden="true" className="relative block">
        <GameCover name={card.name} coverUrl={card.coverUrl} year={card.year} width={CARD_WIDTH} />
        {badge && (
          <span className="absolute top-1.5 left-1.5 rounded bg-warn px-1.5 py-0.5 text-[10px] font-black tracking-wider text-black uppercase shadow">
            {badge}
          </span>
        )}
      </span>
      <span title={card.name} className="mt-2 line-clamp-3 text-sm leading-snug font-semibold text-ink-strong group-hover:underline">
        {card.name}
        {badge && <span className="sr-only">, {badge}</span>}
      </span>
      <span className="mt-0.5 block text-xs text-muted">{[card.year, card.categoryLabel].filter(Boolean).join(" · ")}</span>
    </Link>
  );
}

export interface RelatedCarouselProps {
  title: string;
  items: RelatedCard[];
  /** A badge on every card ('MOD' for Mods & Fan Content). */
  badge?: string;
  testId?: string;
}

/**
 * A horizontal row of game cards (a related-content carousel): a labelled region whose
 * list scrolls sideways (touch, trackpad, or the arrow keys once focused); with more than 6 items,
 * previous / next buttons scroll it by 360 px.
 */
export function RelatedCarousel({ title, items, badge, testId }: RelatedCarouselProps) {
  const headingId = useId();
  const listRef = useRef<HTMLUListElement>(null);
  const [edges, setEdges] = useState({ start: true, end: false });
  const arrows = items.length > CAROUSEL_ARROW_THRESHOLD;

  const update = useCallback(() => {
    const el = listRef.current;
    if (!el) return;
    setEdges({ start: el.scrollLeft <= 1, end: el.scrollLeft + el.clientWidth >= el.scrollWidth - 1 });
  }, []);

  useEffect(() => {
    update();
    window.addEventListener("resize", update);
    return () => window.removeEventListener("resize", update);
  }, [update, items.length]);

  const scroll = (direction: -1 | 1) => {
    listRef.current?.scrollBy({ left: direction * CAROUSEL_SCROLL_PX, behavior: prefersReducedMotion() ? "auto" : "smooth" });
  };

  return (
    <section aria-labelledby={headingId} data-testid={testId} className="min-w-0">
      <div className="mb-3 flex items-center gap-3">
        <h2 id={headingId} className="mr-auto text-xl font-bold text-ink-strong">
          {title}
        </h2>
        {arrows && (
          <div className="flex gap-1.5">
            <button
              type="button"
              onClick={() => scroll(-1)}
              disabled={edges.start}
              aria-label={`Scroll ${title} left`}
              className="grid size-9 place-items-center rounded-full border border-line bg-surface text-ink hover:bg-surface-2 disabled:cursor-default disabled:opacity-40"
            >
              <ChevronLeft aria-hidden="true" className="size-5" />
            </button>
            <button
              type="button"
              onClick={() => scroll(1)}
              disabled={edges.end}
              aria-label={`Scroll ${title} right`}
              className="grid size-9 place-items-center rounded-full border border-line bg-surface text-ink hover:bg-surface-2 disabled:cursor-default disabled:opacity-40"
            >
              <ChevronRight aria-hidden="true" className="size-5" />
            </button>
          </div>
        )}
      </div>
      <ul
        ref={listRef}
        onScroll={update}
        // A scrollable list must be focusable so keyboard users can scroll it (WCAG 2.1.1; axe
        // "scrollable-region-focusable").
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        aria-label={title}
        className="-mx-1 flex snap-x snap-mandatory gap-4 overflow-x-auto scroll-smooth px-1 pb-3 motion-reduce:scroll-auto"
        data-testid={testId ? `${testId}-list` : undefined}
      >
        {items.map((card) => (
          <li key={card.id} className="w-[140px] shrink-0 snap-start">
            <RelatedGameCard card={card} badge={badge} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The skeleton of a carousel while it loads (3 cards on phones, 4 from tablets; DESIGN.md). */
export function RelatedCarouselSkeleton({ title }: { title: string }) {
  return (
    <section aria-label={title} aria-busy="true" className="min-w-0">
      <h2 className="mb-3 text-xl font-bold text-ink-strong">{title}</h2>
      <p role="status" className="sr-only">
        Loading {title}...
      </p>
      <ul aria-hidden="true" className="flex gap-4 overflow-hidden animate-pulse motion-reduce:animate-none">
        {[0, 1, 2, 3].map((i) => (
          <li key={i} className={`w-[140px] shrink-0 ${i === 3 ? "hidden md:block" : ""}`}>
            <div className="aspect-[264/374] w-full rounded-md bg-surface-2" />
            <div className="mt-2 h-3.5 w-4/5 rounded bg-surface-2" />
            <div className="mt-1.5 h-3 w-1/2 rounded bg-surface-2" />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A block that failed to load: its title and the spec's error text. */
export function RelatedError({ title, message }: { title: string; message: string }) {
  return (
    <section aria-label={title} className="min-w-0">
      <h2 className="mb-3 text-xl font-bold text-ink-strong">{title}</h2>
      <p role="alert" className="flex items-center gap-2 rounded-lg border border-bad/40 bg-bad/5 px-4 py-3 text-sm text-ink">
        <AlertCircle aria-hidden="true" className="size-4 shrink-0 text-bad" />
        {message}
      </p>
    </section>
  );
}
