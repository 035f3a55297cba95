import { ChevronRight } from "~/components/ui/icons";
import { useEffect, useState, useSyncExternalStore } from "react";
import { Link } from "react-router";
import { isDlcLike, isMainGame } from "~/lib/categories";
import { ADDITIONAL_CONTENT_ERROR, MAIN_GAME_ERROR, MOD_CONTENT_ERROR } from "~/modules/catalogue/related/related-rules";
import type { RelatedCard, RelatedContent as RelatedData } from "~/modules/catalogue/related/related.service.server";
import { GameCover } from "./game-cover";
import { RelatedCarousel, RelatedCarouselSkeleton, RelatedError } from "./related-carousel";

export const ADDITIONAL_CONTENT_TITLE = "Additional Content";
export const MODS_TITLE = "Mods & Fan Content";
export const MAIN_GAME_TITLE = "Main Game";

const noSubscription = () => () => {};

export interface RelatedContentProps {
  /** The game's identifier for /api/games/:idOrSlug/related (its slug). */
  identifier: string;
  /** The stored category (decides what is loaded at all). */
  category: number;
  /** The page's hero already shows the main game (stored parent): no Main Game block here. */
  hasParentCard: boolean;
}

function MainGameCard({ card }: { card: RelatedCard }) {
  return (
    <Link
      to={card.href}
      className="group flex max-w-md items-center gap-4 rounded-xl border border-line bg-surface p-3 pr-4 hover:border-accent/60 hover:bg-surface-2"
      data-testid="main-game-card"
    >
      <span className="w-16 shrink-0">
        <GameCover name={card.name} coverUrl={card.coverUrl} year={card.year} width={64} size="t_cover_small" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block text-xs font-semibold tracking-wider text-muted uppercase">Main game</span>
        <span className="block truncate text-lg font-semibold text-ink-strong group-hover:underline">{card.name}</span>
        {card.year && <span className="block text-sm text-muted">{card.year}</span>}
      </span>
      <ChevronRight aria-hidden="true" className="size-5 text-muted" />
    </Link>
  );
}

/**
 * The game page's related content: loaded from /api/games/:idOrSlug/related after the
 * page is shown (never delaying it), then the Main Game card for DLC-type games, or the Additional
 * Content and Mods & Fan Content carousels for main games. Empty blocks are not shown; a block that
 * failed shows its error text. Nothing is rendered on the server (the page works without it).
 */
export function RelatedContent({ identifier, category, hasParentCard }: RelatedContentProps) {
  // False on the server and while hydrating: the server renders nothing here (no skeleton that a page
  // without JavaScript would keep forever).
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  // The answer for one identifier; data null = the request failed.
  const [loaded, setLoaded] = useState<{ identifier: string; data: RelatedData | null } | null>(null);
  const wanted = isMainGame(category) || (isDlcLike(category) && !hasParentCard);

  useEffect(() => {
    if (!wanted) return;
    const controller = new AbortController();
    fetch(`/api/games/${encodeURIComponent(identifier)}/related`, { headers: { Accept: "application/json" }, signal: controller.signal })
      .then(async (res) => {
        if (!res.ok) throw new Error(`related content: HTTP ${res.status}`);
        return (await res.json()) as RelatedData;
      })
      .then((data) => setLoaded({ identifier, data }))
      .catch(() => {
        if (!controller.signal.aborted) setLoaded({ identifier, data: null });
      });
    return () => controller.abort();
  }, [identifier, wanted]);

  if (!wanted || !hydrated) return null;

  if (!loaded || loaded.identifier !== identifier) {
    return (
      <div className="space-y-8" data-testid="related-content" aria-busy="true">
        <RelatedCarouselSkeleton title={isMainGame(category) ? ADDITIONAL_CONTENT_TITLE : MAIN_GAME_TITLE} />
      </div>
    );
  }

  if (loaded.data === null) return <RelatedFailed category={category} />;
  return <RelatedBlocks data={loaded.data} hasParentCard={hasParentCard} />;
}

/** The whole request failed: the error text of each block the game would have. */
export function RelatedFailed({ category }: { category: number }) {
  return (
    <div className="space-y-8" data-testid="related-content">
      {isMainGame(category) ? (
        <>
          <RelatedError title={ADDITIONAL_CONTENT_TITLE} message={ADDITIONAL_CONTENT_ERROR} />
          <RelatedError title={MODS_TITLE} message={MOD_CONTENT_ERROR} />
        </>
      ) : (
        <RelatedError title={MAIN_GAME_TITLE} message={MAIN_GAME_ERROR} />
      )}
    </div>
  );
}

/** The loaded blocks: empty ones hidden, failed ones with their error text. */
export function RelatedBlocks({ data, hasParentCard }: { data: RelatedData; hasParentCard: boolean }) {
  const { mainGame, additionalContent, mods } = data;
  const blocks = [
    mainGame && !hasParentCard ? (
      mainGame.error ? (
        <RelatedError key="main" title={MAIN_GAME_TITLE} message={mainGame.error} />
      ) : mainGame.game ? (
        <section key="main" aria-label={MAIN_GAME_TITLE}>
          <h2 className="mb-3 text-xl font-bold text-ink-strong">{MAIN_GAME_TITLE}</h2>
          <MainGameCard card={mainGame.game} />
        </section>
      ) : null
    ) : null,
    additionalContent ? (
      additionalContent.error ? (
        <RelatedError key="additional" title={ADDITIONAL_CONTENT_TITLE} message={additionalContent.error} />
      ) : additionalContent.items.length > 0 ? (
        <RelatedCarousel key="additional" title={ADDITIONAL_CONTENT_TITLE} items={additionalContent.items} testId="additional-content" />
      ) : null
    ) : null,
    mods ? (
      mods.error ? (
        <RelatedError key="mods" title={MODS_TITLE} message={mods.error} />
      ) : mods.items.length > 0 ? (
        <RelatedCarousel key="mods" title={MODS_TITLE} items={mods.items} badge="MOD" testId="mods-content" />
      ) : null
    ) : null,
  ].filter(Boolean);

  if (blocks.length === 0) return null;
  return (
    <div className="space-y-8" data-testid="related-content">
      {blocks}
    </div>
  );
}
