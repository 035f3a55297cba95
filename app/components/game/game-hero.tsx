import { WriteReviewLink } from "~/components/review/write-review-link";
import { CalendarDays, ChevronRight, PenLine, Search } from "~/components/ui/icons";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { Link } from "react-router";
import { generatedCoverColors, igdbImageUrl } from "~/lib/images";
import type { GamePageGame } from "~/modules/catalogue/game.service.server";
import { ExpandableText } from "./expandable-text";
import { GameCover } from "./game-cover";

function Backdrop({ game }: { game: GamePageGame }) {
  // The same URL as the hero's cover (webp, big size): one download serves both.
  const cover = igdbImageUrl(game.coverUrl, { size: "t_cover_big", webp: true });
  const [failed, setFailed] = useState(false);
  const ref = useRef<HTMLImageElement>(null);
  const colors = generatedCoverColors(game.name);
  // As in GameCover: a server-rendered image may have failed before hydration.
  useEffect(() => {
    const img = ref.current;
    if (img && img.complete && img.naturalWidth === 0) setFailed(true);
  }, [cover]);
  return (
    <div aria-hidden="true" className="pointer-events-none absolute inset-0 -z-10 overflow-hidden">
      {cover && !failed ? (
        <img
          ref={ref}
          src={cover}
          alt=""
          onError={() => setFailed(true)}
          className="size-full scale-125 object-cover opacity-35 blur-2xl saturate-150"
          decoding="async"
        />
      ) : (
        <div className="size-full opacity-40 blur-2xl" style={{ background: `linear-gradient(135deg, ${colors.from}, ${colors.to})` }} />
      )}
      <div className="absolute inset-0 bg-gradient-to-b from-page/30 via-page/75 to-page" />
    </div>
  );
}

// One <div> per term and its value, directly in the <dl> (a deeper wrapper breaks the list's semantics).
function Fact({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? "col-span-2 min-w-0" : "min-w-0"}>
      <dt className="text-xs font-semibold tracking-wider text-muted uppercase">{label}</dt>
      <dd className="mt-1 text-ink">{children}</dd>
    </div>
  );
}

function Chips({ items, label, hrefFor }: { items: string[]; label: string; hrefFor?: (item: string) => string }) {
  return (
    <ul aria-label={label} className="flex flex-wrap gap-1.5">
      {items.map((item) =>
        hrefFor ? (
          <li key={item}>
            <Link
              to={hrefFor(item)}
              className="inline-block rounded-full border border-line bg-surface/70 px-2.5 py-0.5 text-sm text-ink hover:border-accent/60 hover:text-accent-strong"
            >
              {item}
            </Link>
          </li>
        ) : (
          <li key={item} className="rounded-full border border-line bg-surface/70 px-2.5 py-0.5 text-sm text-ink">
            {item}
          </li>
        ),
      )}
    </ul>
  );
}

/** The search page browsing one genre (its Genre filter), as the search page writes the URL. */
export function genreSearchHref(genre: string): string {
  return `/search?${new URLSearchParams({ genre }).toString()}`;
}

/** The top of the game page: blurred cover backdrop, cover left and facts right (stacked on phones). */
export function GameHero({
  game,
  writeHref,
  writeLabel = "Write Review",
  signedIn = false,
}: {
  game: GamePageGame;
  writeHref: string;
  writeLabel?: string;
  signedIn?: boolean;
}) {
  return (
    <section aria-labelledby="game-title" className="relative isolate overflow-hidden border-b border-line/60">
      <Backdrop game={game} />
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 md:grid-cols-[220px_minmax(0,1fr)] md:gap-10 md:py-12 lg:grid-cols-[264px_minmax(0,1fr)] lg:px-6">
        <div className="mx-auto w-44 xs:w-52 md:w-full">
          <GameCover
            name={game.name}
            coverUrl={game.coverUrl}
            year={game.year}
            width={264}
            priority
            className="shadow-2xl shadow-black/50"
          />
        </div>

        <div className="min-w-0 text-center md:text-left">
          {game.categoryLabel && (
            <p className="mb-3">
              <span className="inline-block rounded-full bg-accent/20 px-3 py-0.5 text-xs font-bold tracking-wider text-accent-strong uppercase ring-1 ring-accent/40">
                {game.categoryLabel}
              </span>
            </p>
          )}
          <h1 id="game-title" className="text-3xl font-black tracking-tight text-balance text-ink-strong sm:text-4xl lg:text-5xl">
            {game.name}
          </h1>
          <p className="mt-3 flex items-center justify-center gap-2 text-muted md:justify-start">
            <CalendarDays aria-hidden="true" className="size-4" />
            <span className="sr-only">Release date: </span>
            {game.releaseIso ? <time dateTime={game.releaseIso}>{game.releaseLabel}</time> : <span>{game.releaseLabel}</span>}
            {game.franchiseName && game.franchiseName.toLowerCase() !== game.name.toLowerCase() && (
              <>
                <span aria-hidden="true">·</span>
                <span className="truncate">{game.franchiseName}</span>
              </>
            )}
          </p>

          {game.parent && (
            <Link
              to={game.parent.href}
              className="group mx-auto mt-5 flex max-w-sm items-center gap-3 rounded-xl border border-line bg-surface/80 p-2 pr-3 text-left backdrop-blur hover:border-accent/60 hover:bg-surface md:mx-0"
              data-testid="main-game-card"
            >
              <span className="w-10 shrink-0">
                <GameCover
                  name={game.parent.name}
                  coverUrl={game.parent.coverUrl}
                  year={game.parent.year}
                  width={40}
                  size="t_cover_small"
                />
              </span>
              <span className="min-w-0 flex-1">
                <span className="block text-xs font-semibold tracking-wider text-muted uppercase">Main game</span>
                <span className="block truncate font-semibold text-ink-strong group-hover:underline">{game.parent.name}</span>
              </span>
              <ChevronRight aria-hidden="true" className="size-4 text-muted" />
            </Link>
          )}

          <dl className="mt-6 grid grid-cols-2 gap-x-6 gap-y-4 text-left md:gap-x-8">
            <Fact label="Developer">{game.developer ? <ExpandableText text={game.developer} limit={30} /> : "Unknown"}</Fact>
            <Fact label="Publisher">{game.publisher ? <ExpandableText text={game.publisher} limit={30} /> : "Unknown"}</Fact>
            {game.platforms.length > 0 && (
              <Fact label="Platforms" wide>
                <Chips items={game.platforms} label="Platforms" />
              </Fact>
            )}
            {game.genres.length > 0 && (
              <Fact label="Genres" wide>
                <Chips items={game.genres} label="Genres" hrefFor={genreSearchHref} />
              </Fact>
            )}
          </dl>

          <div className="mt-7 flex flex-wrap justify-center gap-3 md:justify-start">
            <WriteReviewLink
              writeHref={writeHref}
              signedIn={signedIn}
              className="inline-flex items-center gap-2 rounded-lg bg-accent px-5 py-2.5 font-semibold text-white shadow-lg shadow-accent/25 hover:bg-accent-hover"
            >
              <PenLine aria-hidden="true" className="size-4" />
              {writeLabel}
            </WriteReviewLink>
            <Link
              to="/search"
              className="inline-flex items-center gap-2 rounded-lg border border-line bg-surface/60 px-5 py-2.5 font-semibold hover:bg-surface"
            >
              <Search aria-hidden="true" className="size-4" />
              Browse Games
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}
