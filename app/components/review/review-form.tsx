import { Trash2 } from "~/components/ui/icons";
import { useId, useRef, useState } from "react";
import { Form, Link, useNavigate, useSearchParams } from "react-router";
import {
  FormBanner,
  fixedWidthInputClass,
  inputClass,
  primaryButtonClass,
  secondaryButtonClass,
  useBusy,
  useHydrated,
} from "~/components/ui/form-controls";
import { useDialogKeys } from "~/components/ui/use-dialog-keys";
import { DEFAULT_RATING, normalizeRatingInput, REVIEW_TEXT_MAX, type ReviewDraft } from "~/modules/reviews/reviews.schema";
import type { ReviewEditorGame, ReviewEditorReview } from "~/modules/reviews/reviews.service.server";

export const UNCHANGED_TOOLTIP = "Make changes to enable updating your review";

/** The form's fields: a draft without the review's id (that is a hidden field of its own). */
type Values = Omit<ReviewDraft, "reviewId">;

function initialValues(
  game: ReviewEditorGame,
  review: ReviewEditorReview | null,
  finishedAnswer: "" | "no",
  draft: ReviewDraft | null,
): Values {
  if (draft) {
    const { reviewId: _reviewId, ...posted } = draft;
    return posted;
  }
  const options = game.platformOptions;
  const stored = review?.platform && options.includes(review.platform) ? review.platform : "";
  return {
    rating: String(review?.rating ?? DEFAULT_RATING),
    recommended: review?.recommended == null ? "" : review.recommended ? "yes" : "no",
    finished: finishedAnswer,
    // Preselected when the game has one platform; a stored platform no longer offered is cleared.
    platform: stored || (options.length === 1 ? options[0]! : ""),
    text: review?.text ?? "",
    playtime: review?.playtime == null ? "" : String(review.playtime),
    spoilers: review?.containsSpoilers ?? false,
  };
}

const radioClass =
  "inline-flex cursor-pointer items-center gap-2 rounded-lg border border-line px-4 py-2 font-semibold has-checked:border-accent has-checked:bg-accent/15 has-focus-visible:ring-2 has-focus-visible:ring-accent/60";

function YesNo({ name, legend, value, onChange }: { name: string; legend: string; value: string; onChange: (v: "yes" | "no") => void }) {
  return (
    <fieldset>
      <legend className="text-sm font-semibold text-ink-strong">{legend}</legend>
      <div className="mt-2 flex gap-3">
        {(["yes", "no"] as const).map((v) => (
          <label key={v} className={radioClass}>
            <input type="radio" name={name} value={v} checked={value === v} onChange={() => onChange(v)} className="accent-accent" />
            {v === "yes" ? "Yes" : "No"}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export interface ReviewFormProps {
  game: ReviewEditorGame;
  review: ReviewEditorReview | null;
  finishedLocked: boolean;
  finishedAnswer: "" | "no";
  error: string | null;
  /** Set when the session ended: the error banner offers Sign In (the dialog). */
  onSignIn?: () => void;
  /** The form as posted when the session had ended (no JavaScript): shown again as it was. */
  draft?: ReviewDraft | null;
}

export const SIGNED_OUT_HINT = "Sign in (opens a new tab), then press the button below again: what you wrote stays here.";

/** The write / edit form: a plain POST without JavaScript; with it, the spec's live rules. */
export function ReviewForm({ game, review, finishedLocked, finishedAnswer, error, onSignIn, draft = null }: ReviewFormProps) {
  const hydrated = useHydrated();
  const busy = useBusy();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // The loaded snapshot (the form is keyed by game and review, so it is fixed for this instance).
  const [initial] = useState(() => initialValues(game, review, finishedAnswer, draft));
  const [v, setV] = useState<Values>(initial);
  const [deleteOpen, setDeleteOpen] = useState(params.get("delete") === "1");
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setV((old) => ({ ...old, [key]: value }));
  const ids = { rating: useId(), platform: useId(), text: useId(), playtime: useId(), textCount: useId() };

  const rating = Number(v.rating);
  const changed = (Object.keys(initial) as (keyof Values)[]).some((k) => initial[k] !== v[k]);
  const incomplete = !(rating >= 1) || (!finishedLocked && v.finished === "") || (game.platformOptions.length > 0 && v.platform === "");
  const unchanged = review !== null && !changed;
  // Without JavaScript nothing is disabled: the server checks the same rules.
  const disabled = hydrated && (incomplete || unchanged);

  return (
    <>
      {error ? (
        <FormBanner tone="error">
          {error}
          {onSignIn && hydrated ? (
            <>
              {" "}
              <button type="button" onClick={onSignIn} className="font-semibold underline hover:no-underline">
                Sign In
              </button>
            </>
          ) : null}
          {onSignIn && !hydrated ? (
            // Without JavaScript there is no dialog: signing in in another tab keeps this page and its form.
            <>
              {" "}
              <a href="/login" target="_blank" rel="noopener" className="font-semibold underline hover:no-underline">
                Sign In
              </a>{" "}
              {SIGNED_OUT_HINT}
            </>
          ) : null}
        </FormBanner>
      ) : null}
      <Form method="post" className="space-y-6" aria-label={review ? "Edit your review" : "Write a review"}>
        {review ? (
          <input type="hidden" name="reviewId" value={review.id} />
        ) : draft?.reviewId ? (
          <input type="hidden" name="reviewId" value={draft.reviewId} />
        ) : null}

        <div>
          <label htmlFor={ids.rating} className="text-sm font-semibold text-ink-strong">
            Rating
          </label>
          <div className="mt-2 flex items-center gap-4">
            <input
              type="range"
              min={1}
              max={10}
              step={0.5}
              value={Number.isFinite(rating) ? rating : DEFAULT_RATING}
              onChange={(e) => set("rating", e.target.value)}
              aria-label="Rating slider"
              className="h-6 flex-1 cursor-pointer accent-accent"
              tabIndex={-1}
            />
            <input
              id={ids.rating}
              name="rating"
              type="number"
              inputMode="decimal"
              min={1}
              max={10}
              step={0.5}
              required
              value={v.rating}
              onChange={(e) => set("rating", e.target.value)}
              onBlur={(e) => set("rating", String(normalizeRatingInput(e.target.value)))}
              className={`${fixedWidthInputClass("w-24")} text-center text-xl font-bold tabular-nums`}
            />
            <span className="text-sm text-muted">/10</span>
          </div>
          <p className="mt-1 h-5 text-sm text-accent-strong" aria-live="polite">
            {rating === 1 ? "Minimum rating" : rating === 10 ? "Perfect score!" : ""}
          </p>
        </div>

        <YesNo name="recommended" legend="Would you recommend this game?" value={v.recommended} onChange={(x) => set("recommended", x)} />

        {finishedLocked ? (
          <fieldset>
            <legend className="text-sm font-semibold text-ink-strong">Did you finish the game?</legend>
            <p className="mt-2 text-sm text-muted">Locked (marked as finished on game page)</p>
          </fieldset>
        ) : (
          <YesNo name="finished" legend="Did you finish the game?" value={v.finished} onChange={(x) => set("finished", x)} />
        )}

        <div>
          <label htmlFor={ids.platform} className="text-sm font-semibold text-ink-strong">
            Platform
          </label>
          <select
            id={ids.platform}
            name="platform"
            required
            value={v.platform}
            onChange={(e) => set("platform", e.target.value)}
            className={`${inputClass} mt-2`}
          >
            <option value="">Choose a platform</option>
            {game.platformOptions.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
        </div>

        <div>
          <label htmlFor={ids.text} className="text-sm font-semibold text-ink-strong">
            Review <span className="font-normal text-muted">(optional)</span>
          </label>
          <textarea
            id={ids.text}
            name="text"
            rows={8}
            maxLength={REVIEW_TEXT_MAX}
            value={v.text}
            onChange={(e) => set("text", e.target.value)}
            aria-describedby={ids.textCount}
            className={`${inputClass} mt-2 h-auto min-h-40 py-2 leading-relaxed`}
            placeholder="What did you think?"
          />
          <p id={ids.textCount} className="mt-1 text-right text-xs text-muted tabular-nums" aria-live="polite">
            {`${v.text.length} characters`}
          </p>
          <label className="mt-2 inline-flex cursor-pointer items-center gap-2 text-sm text-ink">
            <input
              type="checkbox"
              name="spoilers"
              checked={v.spoilers}
              onChange={(e) => set("spoilers", e.target.checked)}
              className="size-4 accent-accent"
            />
            Contains spoilers
          </label>
        </div>

        <div>
          <label htmlFor={ids.playtime} className="block text-sm font-semibold text-ink-strong">
            Playtime in hours <span className="font-normal text-muted">(optional)</span>
          </label>
          <input
            id={ids.playtime}
            name="playtime"
            type="text"
            inputMode="numeric"
            pattern="[0-9]*"
            maxLength={5}
            value={v.playtime}
            onChange={(e) => set("playtime", e.target.value.replace(/\D/g, ""))}
            className={`${fixedWidthInputClass("w-40")} mt-2`}
          />
        </div>

        <div className="flex flex-wrap items-center gap-3 border-t border-line pt-6">
          <span title={hydrated && unchanged ? UNCHANGED_TOOLTIP : undefined} className="inline-flex">
            <button type="submit" disabled={disabled || busy} className={`${primaryButtonClass} w-auto`}>
              {review ? "Update Review" : "Publish Review"}
            </button>
          </span>
          <Link
            to={game.href}
            onClick={(e) => {
              if (window.history.length > 1) {
                e.preventDefault();
                void navigate(-1);
              }
            }}
            className={secondaryButtonClass}
          >
            Cancel
          </Link>
          {review ? (
            <Link
              to="?delete=1"
              onClick={(e) => {
                e.preventDefault();
                setDeleteOpen(true);
              }}
              className={`${secondaryButtonClass} ml-auto gap-2 border-red-500/50 text-red-300 hover:bg-red-500/10`}
            >
              <Trash2 aria-hidden="true" className="size-4" />
              Delete
            </Link>
          ) : null}
        </div>
      </Form>
      {review && deleteOpen ? <DeleteReviewDialog reviewId={review.id} gameName={game.name} onClose={() => setDeleteOpen(false)} /> : null}
    </>
  );
}

/** 'Delete Review' confirmation; rendered on the server too (?delete=1), so it works without JavaScript. */
function DeleteReviewDialog({ reviewId, gameName, onClose }: { reviewId: number; gameName: string; onClose: () => void }) {
  const cancelRef = useRef<HTMLAnchorElement>(null);
  const titleId = useId();
  const textId = useId();
  useDialogKeys(cancelRef, onClose);
  return (
    <div className="fixed inset-0 z-50 grid place-items-center bg-black/60 p-4">
      <div
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={textId}
        className="w-full max-w-md rounded-2xl border border-line bg-surface p-6 shadow-2xl"
      >
        <h2 id={titleId} className="text-lg font-bold text-ink-strong">
          Delete Review
        </h2>
        <p id={textId} className="mt-2 text-sm text-ink">
          {`Are you sure you want to delete your review for ${gameName}? This action cannot be undone.`}
        </p>
        <Form method="post" className="mt-6 flex justify-end gap-3">
          <input type="hidden" name="reviewId" value={reviewId} />
          <Link
            ref={cancelRef}
            to="?"
            onClick={(e) => {
              e.preventDefault();
              onClose();
            }}
            className={secondaryButtonClass}
          >
            Cancel
          </Link>
          <button type="submit" name="intent" value="delete" className={`${primaryButtonClass} w-auto bg-red-600 hover:bg-red-700`}>
            Delete
          </button>
        </Form>
      </div>
    </div>
  );
}
