import { data, isRouteErrorResponse, Link } from "react-router";
import type { Route } from "./+types/review.view";
import { optionalUser } from "~/auth/session.server";
import { CommentsSection } from "~/components/review/comments-section";
import { JsonLd } from "~/components/game/game-structured-data";
import { ReviewView } from "~/components/review/review-view";
import { igdbCoverUrl } from "~/lib/images";
import { pageTitle, SITE_NAME } from "~/lib/meta";
import { formatRating } from "~/lib/ratings";
import { getReviewView, type ReviewView as View } from "~/modules/reviews/reviews.service.server";
import { getReviewDiscussion } from "~/modules/social/social.service.server";

export async function loader({ request, params }: Route.LoaderArgs) {
  const viewer = await optionalUser(request);
  const result = await getReviewView(viewer, params.userId, params.gameId);
  if (!result.ok) throw data({ message: result.error }, { status: result.status });
  const url = new URL(request.url);
  // Comments are rendered with the page (the first 50), so the thread reads without JavaScript.
  const social = await getReviewDiscussion(viewer, result.data.id, url.searchParams.get("comments") ?? "1", result.data.likedByViewer);
  return { view: result.data, url: `${url.origin}${url.pathname}`, origin: url.origin, social, viewerId: viewer?.id ?? null };
}

function absoluteImage(coverUrl: string | null): string | null {
  const url = igdbCoverUrl(coverUrl, "t_cover_big");
  return url && /^https?:\/\//.test(url) ? url : null;
}

/** Shared-link text: never the text of a review marked as containing spoilers. */
function describe(view: View): string {
  const rated = `${view.author} rated ${view.game.name} ${formatRating(view.rating)}/10`;
  if (view.containsSpoilers || view.text.trim() === "") return `${rated}.`;
  const text = view.text.replace(/\s+/g, " ").trim();
  return `${rated}: ${text.length > 150 ? `${text.slice(0, 149)}…` : text}`;
}

function reviewJsonLd(view: View, url: string, origin: string): Record<string, unknown> {
  const ld: Record<string, unknown> = {
    "@context": "https://schema.org",
    "@type": "Review",
    url,
    author: { "@type": "Person", name: view.author, url: `${origin}/user/${view.userId}` },
    itemReviewed: { "@type": "VideoGame", name: view.game.name, url: `${origin}${view.game.href}` },
    reviewRating: { "@type": "Rating", ratingValue: view.rating, bestRating: 10, worstRating: 1 },
    publisher: { "@type": "Organization", name: SITE_NAME },
  };
  if (view.dateIso) ld.datePublished = view.dateIso;
  if (!view.containsSpoilers && view.text.trim() !== "") ld.reviewBody = view.text;
  const image = absoluteImage(view.game.coverUrl);
  if (image) (ld.itemReviewed as Record<string, unknown>).image = image;
  return ld;
}

export function meta({ loaderData, error }: Route.MetaArgs) {
  if (!loaderData) {
    const message = isRouteErrorResponse(error) && error.status === 400 ? "Invalid review URL" : "Review not found";
    return [{ title: pageTitle(message) }, { name: "robots", content: "noindex" }];
  }
  const { view, url } = loaderData;
  const title = `${view.author}'s review of ${view.game.name}`;
  const description = describe(view);
  const image = absoluteImage(view.game.coverUrl);
  return [
    { title: pageTitle(title) },
    { name: "description", content: description },
    { property: "og:type", content: "article" },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:title", content: `${title} · ${formatRating(view.rating)}/10` },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    ...(image ? [{ property: "og:image", content: image }] : []),
    ...(view.dateIso ? [{ property: "article:published_time", content: view.dateIso }] : []),
    { name: "twitter:card", content: "summary" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { tagName: "link", rel: "canonical", href: url },
  ];
}

export default function ReviewViewPage({ loaderData }: Route.ComponentProps) {
  const { view, url, origin, social, viewerId } = loaderData;
  return (
    <>
      <JsonLd data={reviewJsonLd(view, url, origin)} />
      <ReviewView view={view} liked={social.liked} signedIn={viewerId !== null} />
      <CommentsSection page={social.comments} error={social.commentsError} reviewId={view.id} viewerId={viewerId} />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const body = isRouteErrorResponse(error) ? (error.data as { message?: unknown } | undefined) : undefined;
  const message = typeof body?.message === "string" ? body.message : "Review not found";
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-ink-strong">{message}</h1>
      <Link to="/search" className="mt-6 inline-block rounded-lg bg-accent px-4 py-2 font-semibold text-white hover:bg-accent-strong">
        Browse Games
      </Link>
    </div>
  );
}
