import { Link } from "react-router";
import { GameCover } from "~/components/game/game-cover";
import { formatRating } from "~/lib/ratings";
import type { TopTenTab } from "~/modules/lists/lists.service.server";

const SIZE = 10;

/** The user's ten highest-rated games, read-only; empty places read '#n'. A failed read offers Retry. */
export function TopTenTabView({ data, isOwner, userId }: { data: TopTenTab; isOwner: boolean; userId: number }) {
  if (data.error)
    return (
      <p role="alert" className="text-bad">
        {data.error}{" "}
        <Link to={`/user/${userId}?tab=top10`} preventScrollReset className="font-semibold underline">
          Retry
        </Link>
      </p>
    );
  if (data.games.length === 0) {
    return (
      <div className="py-10 text-center">
        <p className="text-muted">{isOwner ? "No games rated yet. Start rating games to see your Top 10!" : "No games rated yet!"}</p>
        {isOwner && <RateMore />}
      </div>
    );
  }
  return (
    <div>
      <ol className="grid grid-cols-2 gap-4 xs:grid-cols-3 md:grid-cols-5">
        {Array.from({ length: SIZE }, (_, i) => {
          const g = data.games[i];
          return (
            <li key={g ? g.gameId : `empty-${i}`} className="relative" data-testid="top10-slot">
              <span className="absolute top-1 left-1 z-10 rounded bg-page/85 px-1.5 text-sm font-bold text-ink-strong">{i + 1}</span>
              {g ? (
                <Link
                  to={`/game/${g.slug}`}
                  className="block rounded-lg focus-visible:ring-2 focus-visible:ring-accent/60 focus-visible:outline-none"
                >
                  <GameCover name={g.name} coverUrl={g.coverUrl} year={g.year} width={180} className="w-full" />
                  <span className="mt-1 block truncate text-sm text-ink">{g.name}</span>
                  <span className="text-sm font-bold text-accent-strong">
                    {formatRating(g.rating)}
                    <span className="text-xs font-normal text-muted">/10</span>
                  </span>
                </Link>
              ) : (
                <div className="flex aspect-[264/374] items-center justify-center rounded-lg border border-dashed border-line text-lg font-bold text-muted">
                  #{i + 1}
                </div>
              )}
            </li>
          );
        })}
      </ol>
      {isOwner && data.games.length < SIZE && <RateMore />}
    </div>
  );
}

function RateMore() {
  return (
    <div className="mt-6 text-center">
      <Link
        to="/search"
        className="inline-flex items-center rounded-lg bg-accent px-5 py-2.5 font-semibold text-white hover:bg-accent-strong"
      >
        Rate More Games
      </Link>
    </div>
  );
}
