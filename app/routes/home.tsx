import { BarChart3, Star, Users } from "~/components/ui/icons";
import { Link, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/home";
import { useAuthModal } from "~/components/auth/auth-modal";
import { GameCover } from "~/components/game/game-cover";
import { ReviewCard } from "~/components/review/review-card";
import { pageTitle } from "~/lib/meta";
import { gameHref } from "~/lib/slugs";
import { getHomePage } from "~/modules/home/home.service.server";
import { PAGE_CACHE } from "~/lib/page-cache";
import { currentActor } from "~/access/access.server";
import { FollowedReviews } from "~/components/social/followed-reviews";

/** The same for every signed-out visitor (the followed-reviews block is for signed-in users only): the page cache may keep it. */
export const handle = PAGE_CACHE;

export function meta() {
  return [{ title: pageTitle() }, { name: "description", content: "Rate, review, and discover games through the power of social gaming." }];
}

export async function loader({ request }: Route.LoaderArgs) {
  return getHomePage(await currentActor(request));
}

const features = [
  { icon: Star, title: "Precise Ratings", text: "Rate on a 1-10 scale, keep your personal rating history and compare with friends." },
  { icon: Users, title: "Social Discovery", text: "Follow gamers with similar tastes, build connections and find recommendations." },
  { icon: BarChart3, title: "Personal Stats", text: "Wishlist, collection, gaming insights and progress tracking." },
];

export default function Home({ loaderData }: Route.ComponentProps) {
  const { games, reviews, reviewsError, followed, likedReviewIds } = loaderData;
  const signedIn = Boolean(useRouteLoaderData<{ user: unknown }>("root")?.user);
  const authModal = useAuthModal();
  return (
    <>
      <section className="relative isolate overflow-hidden border-b border-line/60">
        <div
          aria-hidden="true"
          className="absolute inset-0 -z-10 grid grid-cols-6 gap-2 opacity-25 blur-[2px] sm:grid-cols-8 lg:grid-cols-12"
        >
          {games.slice(0, 24).map((g) => (
            <GameCover key={g.id} name={g.name} coverUrl={g.coverUrl} year={g.year} width={120} size="t_cover_small" />
          ))}
        </div>
        <div aria-hidden="true" className="absolute inset-0 -z-10 bg-gradient-to-b from-page/70 via-page/90 to-page" />
        <div className="mx-auto max-w-4xl px-4 py-20 text-center sm:py-28">
          <p className="text-sm font-semibold tracking-widest text-accent-strong uppercase">Alpha</p>
          <h1 className="mt-3 text-4xl font-black tracking-tight text-ink-strong sm:text-6xl">Track your games, find the next one.</h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg text-muted">Rate, review, and discover games through the power of social gaming.</p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <Link
              to="/search"
              className="rounded-lg bg-accent px-6 py-3 font-semibold text-white shadow-lg shadow-accent/30 hover:bg-accent-hover"
            >
              Explore Games
            </Link>
            <Link
              to={signedIn ? "/users" : "/signup"}
              onClick={(e) => {
                // Signed out: the auth modal; the /signup link remains for no-JS and new tabs.
                if (signedIn || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
                e.preventDefault();
                authModal.open("signup");
              }}
              className="rounded-lg border border-line bg-surface/60 px-6 py-3 font-semibold hover:bg-surface"
            >
              Join Community
            </Link>
          </div>
        </div>
      </section>

      <section aria-labelledby="features" className="mx-auto max-w-7xl px-4 py-14 lg:px-6">
        <h2 id="features" className="sr-only">
          Features
        </h2>
        <ul className="grid gap-4 md:grid-cols-3">
          {features.map(({ icon: Icon, title, text }) => (
            <li
              key={title}
              className="rounded-2xl border border-line bg-surface p-6 transition duration-200 hover:-translate-y-1 hover:border-accent/60 hover:shadow-xl hover:shadow-accent/10"
            >
              <Icon aria-hidden="true" className="size-8 text-accent-strong" />
              <h3 className="mt-4 text-lg font-bold text-ink-strong">{title}</h3>
              <p className="mt-2 text-muted">{text}</p>
            </li>
          ))}
        </ul>
      </section>

      {games.length > 0 && (
        <section aria-labelledby="browse" className="mx-auto max-w-7xl px-4 lg:px-6">
          <SectionHeading id="browse" title="Popular games" link={{ to: "/search", label: "Browse all" }} />
          <ul className="mt-4 grid grid-cols-3 gap-3 xs:grid-cols-4 md:grid-cols-6 lg:grid-cols-8">
            {games.slice(0, 16).map((g, i) => (
              <li key={g.id} className={i >= 12 ? "hidden lg:block" : ""}>
                <Link to={gameHref(g)} className="group block" title={g.name}>
                  <GameCover name={g.name} coverUrl={g.coverUrl} year={g.year} width={140} />
                  <span className="mt-1.5 block truncate text-xs text-muted group-hover:text-ink-strong">{g.name}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}

      {followed && <FollowedReviews feed={followed} likedReviewIds={likedReviewIds} />}

      <section aria-labelledby="recent-reviews" className="mx-auto max-w-7xl px-4 py-14 lg:px-6">
        <SectionHeading id="recent-reviews" title="Recent Reviews" link={{ to: "/users", label: "View All" }} />
        {reviewsError ? (
          <div role="alert" className="mt-4 rounded-xl border border-bad/40 bg-bad/10 p-6">
            <p className="font-semibold text-ink-strong">Failed to load recent reviews</p>
            <p className="text-sm text-muted">{reviewsError}</p>
          </div>
        ) : reviews.length === 0 ? (
          <div className="mt-4 rounded-xl border border-dashed border-line p-10 text-center">
            <p className="font-semibold text-ink-strong">No recent reviews yet</p>
            <p className="mt-1 text-muted">Be the first to share your gaming experience!</p>
          </div>
        ) : (
          <ul className="mt-4 grid grid-cols-1 gap-4 lg:grid-cols-2">
            {reviews.slice(0, 4).map((card, i) => (
              <li key={card.id} className={i === 3 ? "hidden lg:block" : ""}>
                <ReviewCard card={card} like={{ liked: likedReviewIds.includes(card.id), signedIn }} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

/** A home section's title (the section's accessible name, by `id`) with its "see everything" link. */
function SectionHeading({ id, title, link }: { id: string; title: string; link: { to: string; label: string } }) {
  return (
    <div className="flex items-baseline justify-between">
      <h2 id={id} className="text-xl font-bold text-ink-strong">
        {title}
      </h2>
      <Link to={link.to} className="text-sm font-semibold text-accent-strong hover:underline">
        {link.label}
      </Link>
    </div>
  );
}
