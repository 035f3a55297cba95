import { readFormObject } from "~/lib/form.server";
import { Search } from "~/components/ui/icons";
import { useEffect } from "react";
import {
  createContext,
  data,
  Form,
  isRouteErrorResponse,
  Link,
  redirect,
  useNavigation,
  useRouteLoaderData,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import type { Route } from "./+types/review";
import { requireUser } from "~/access/access.server";
import { isTrustedOrigin, optionalUser } from "~/auth/session.server";
import { useAuthModal } from "~/components/auth/auth-modal";
import { inputClass } from "~/components/auth/auth-ui";
import { GameCover } from "~/components/game/game-cover";
import { ReviewForm } from "~/components/review/review-form";
import { pageTitle } from "~/lib/meta";
import { reviewDraftOf, type ReviewDraft } from "~/modules/reviews/reviews.schema";
import { deleteReview, getReviewEditor, saveReview } from "~/modules/reviews/reviews.service.server";

/**
 * Set by the action when the form came from someone no longer signed in: the page is rendered again
 * (not sent to /login) with what they typed, so a form posted without JavaScript loses nothing.
 */
const postedSignedOut = createContext<boolean>(false);

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = context.get(postedSignedOut) ? await optionalUser(request) : await requireUser(request);
  const result = await getReviewEditor(user, params.gameId, new URL(request.url).searchParams.get("q") ?? "");
  if (!result.ok) throw data({ message: result.error }, { status: result.status });
  return result.data;
}

export async function action({ request, params, context }: Route.ActionArgs) {
  if (!isTrustedOrigin(request)) throw data({ error: "Forbidden" }, { status: 403 });
  const user = await optionalUser(request);
  const form = await readFormObject(request);
  if (!user) {
    // The session ended since the page loaded. With JavaScript the page opens the sign-in dialog over
    // the form; without it the page comes back with the form as it was posted and a way to sign in.
    context.set(postedSignedOut, true);
    return data({ error: UNAUTHENTICATED, signIn: true as const, draft: reviewDraftOf(form) }, { status: 401 });
  }
  const result = form.intent === "delete" ? await deleteReview(user, form.reviewId) : await saveReview(user, params.gameId, form);
  if (!result.ok) return data({ error: result.error }, { status: result.status });
  // Publish, update and delete all return to the game page.
  return redirect(result.data.gameHref, 303);
}

/**
 * Signed out since the page loaded (the session expired, or a sign-out in another tab), this page's
 * loader would send it to /login and lose what was typed: until the next submission it keeps its data
 * (the root still reloads, so the header and the sign-in dialog know nobody is signed in).
 */
let awaitingSignIn = false;

/**
 * With JavaScript: a submission that never reached the server (the connection dropped, the device is
 * offline) keeps the page and everything typed, with the spec's 'Failed to submit review. Please try
 * again.' (or the delete's), instead of replacing the page with an error. So does one refused because
 * nobody is signed in any more (401): the action answers `signIn` and the page opens the sign-in dialog
 * over the form; once signed in, Publish works. The server's other answers (refusals, redirects) pass through.
 */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  const intent = (await request.clone().formData()).get("intent");
  awaitingSignIn = false;
  try {
    const result = await serverAction();
    if (result && "signIn" in result) awaitingSignIn = true;
    return result;
  } catch (err) {
    if (isRouteErrorResponse(err) && err.status === 401) {
      awaitingSignIn = true;
      const body = err.data as { error?: unknown } | undefined;
      return { error: typeof body?.error === "string" ? body.error : UNAUTHENTICATED, signIn: true };
    }
    if (err instanceof Response || isRouteErrorResponse(err)) throw err;
    return { error: intent === "delete" ? DELETE_FAILED : SUBMIT_FAILED };
  }
}

export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (awaitingSignIn && currentUrl.pathname === nextUrl.pathname && currentUrl.search === nextUrl.search) return false;
  return defaultShouldRevalidate;
}

const SUBMIT_FAILED = "Failed to submit review. Please try again.";
const UNAUTHENTICATED = "User not authenticated";
const DELETE_FAILED = "Failed to delete review. Please try again.";

export function meta({ loaderData }: Route.MetaArgs) {
  const game = loaderData?.game;
  const title = !game ? "Write a Review" : loaderData.review ? `Edit Your Review: ${game.name}` : `Review: ${game.name}`;
  return [{ title: pageTitle(title) }, { name: "robots", content: "noindex" }];
}

export default function ReviewPage({ loaderData, actionData }: Route.ComponentProps) {
  const { game, review, results, query, finishedLocked, finishedAnswer } = loaderData;
  const navigation = useNavigation();
  const signedIn = useRouteLoaderData<{ user?: unknown }>("root")?.user != null;
  const authModal = useAuthModal();
  const signIn = actionData !== undefined && "signIn" in actionData && actionData.signIn === true;
  // Signed out mid-edit: the sign-in dialog over the form (each time Publish meets a 401).
  useEffect(() => {
    if (signIn && !signedIn) authModal.open("login");
  }, [actionData, signIn, signedIn, authModal]);
  useEffect(
    () => () => {
      awaitingSignIn = false;
    },
    [],
  );
  const next = navigation.location?.pathname;
  // Another review page on its way (not this page reloading its data after a submission: the form and
  // what was typed in it stay).
  if (navigation.state === "loading" && !navigation.formMethod && next?.startsWith("/review")) {
    return (
      <p role="status" className="mx-auto max-w-3xl px-4 py-16 text-center text-muted">
        Loading review...
      </p>
    );
  }
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
      <h1 className="text-2xl font-bold text-ink-strong sm:text-3xl">
        {!game ? "Write a Review" : review ? `Edit Your Review: ${game.name}` : `Review: ${game.name}`}
      </h1>

      <Form method="get" action="/review" role="search" aria-label="Find a game to review" className="mt-6 flex gap-2">
        <label htmlFor="review-game-search" className="sr-only">
          Search for a game to review
        </label>
        <input
          id="review-game-search"
          name="q"
          type="search"
          defaultValue={query}
          placeholder={game ? "Review another game..." : "Search for a game to review..."}
          className={inputClass}
        />
        <button
          type="submit"
          className="inline-flex h-11 items-center gap-2 rounded-lg border border-line px-4 font-semibold hover:bg-surface-2"
        >
          <Search aria-hidden="true" className="size-4" />
          Search
        </button>
      </Form>

      {!game ? (
        query ? (
          results.length > 0 ? (
            <ul className="mt-4 divide-y divide-line rounded-xl border border-line bg-surface" aria-label="Games found">
              {results.map((r) => (
                <li key={r.reviewGameId}>
                  <Link to={`/review/${r.reviewGameId}`} className="flex items-center gap-3 p-3 hover:bg-surface-2">
                    <GameCover
                      name={r.name}
                      coverUrl={r.coverUrl}
                      year={r.year}
                      width={40}
                      size="t_cover_small"
                      className="w-10 shrink-0"
                    />
                    <span className="font-semibold text-ink-strong">{r.name}</span>
                    {r.year ? <span className="text-sm text-muted">{r.year}</span> : null}
                  </Link>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-4 text-muted">No games found for “{query}”.</p>
          )
        ) : (
          <p className="mt-4 text-muted">Search for the game you want to review.</p>
        )
      ) : (
        <>
          <div className="mt-8 flex items-center gap-4">
            <Link to={game.href} className="w-20 shrink-0">
              <GameCover name={game.name} coverUrl={game.coverUrl} year={null} width={80} size="t_cover_big" />
            </Link>
            <div>
              <Link to={game.href} className="text-xl font-bold text-ink-strong hover:underline">
                {game.name}
              </Link>
              <p className="text-sm text-muted">{game.releaseLabel}</p>
            </div>
          </div>
          <div className="mt-8 rounded-2xl border border-line bg-surface p-5 sm:p-8">
            <ReviewForm
              key={`${game.id}-${review?.id ?? "new"}`}
              game={game}
              review={review}
              finishedLocked={finishedLocked}
              finishedAnswer={finishedAnswer}
              error={signIn && signedIn ? null : (actionData?.error ?? null)}
              onSignIn={signIn && !signedIn ? () => authModal.open("login") : undefined}
              draft={actionData && "draft" in actionData ? (actionData.draft as ReviewDraft) : null}
            />
          </div>
        </>
      )}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message =
    isRouteErrorResponse(error) && typeof (error.data as { message?: unknown })?.message === "string"
      ? (error.data as { message: string }).message
      : "Failed to load review data";
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-ink-strong">{message}</h1>
      <Link to="/search" className="mt-6 inline-block rounded-lg bg-accent px-4 py-2 font-semibold text-white hover:bg-accent-strong">
        Browse Games
      </Link>
    </div>
  );
}
