import { useMemo, useState } from "react";
import { describeError, formatErrorDetails, newErrorId } from "./error-details";

/** The full-page error screen: what went wrong, an error id and the ways on. */
export function ErrorScreen({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const errorId = useMemo(() => newErrorId(), []);
  const [copied, setCopied] = useState(false);

  async function copy() {
    const text = formatErrorDetails(describeError(error, errorId));
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      window.prompt("Copy the error details:", text);
    }
  }

  return (
    <div role="alert" className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-6 py-16 text-center">
      <div aria-hidden="true" className="mb-6 grid size-16 place-items-center rounded-full bg-bad/15 text-3xl text-bad">
        !
      </div>
      <h1 className="text-2xl font-bold text-ink-strong">Something went wrong</h1>
      <p className="mt-3 text-muted">We're sorry, but something unexpected happened. Please try refreshing the page.</p>
      <p className="mt-4 rounded bg-surface px-3 py-1 font-mono text-sm text-muted">
        Error ID: <span data-testid="error-id">{errorId}</span>
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <button type="button" onClick={onRetry} className="rounded-lg bg-accent px-4 py-2 font-semibold text-white hover:bg-accent-hover">
          Try Again
        </button>
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="rounded-lg border border-line px-4 py-2 font-semibold hover:bg-surface"
        >
          Refresh Page
        </button>
        <button
          type="button"
          onClick={() => void copy()}
          className="rounded-lg border border-line px-4 py-2 font-semibold hover:bg-surface"
        >
          {copied ? "Copied!" : "Copy Error Details"}
        </button>
      </div>
    </div>
  );
}
