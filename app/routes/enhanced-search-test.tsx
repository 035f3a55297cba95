import { useState, useSyncExternalStore, type FormEvent } from "react";
import { pageTitle } from "~/lib/meta";

/**
 * Developer test page for the search API (a lazy-loaded page
 * with a loading message). Route modules are code-split per route, so this
 * one is only loaded when visited. Not available in production.
 */
export function loader() {
  // Unset NODE_ENV counts as production, like the server config's default.
  if ((process.env.NODE_ENV ?? "production") === "production") {
    throw new Response("Not Found", { status: 404 });
  }
  return null;
}

export function meta() {
  return [{ title: pageTitle("Enhanced Search Test") }, { name: "robots", content: "noindex" }];
}

const noSubscribe = () => () => undefined;

interface RunResult {
  url: string;
  status: number;
  ms: number;
  body: unknown;
}

export default function EnhancedSearchTest() {
  // false on the server and during hydration (the loading message), true once the page is interactive
  const ready = useSyncExternalStore(
    noSubscribe,
    () => true,
    () => false,
  );

  return (
    <div className="mx-auto max-w-5xl px-4 py-10 lg:px-6">
      <h1 className="text-2xl font-bold text-ink-strong">Enhanced Search Test</h1>
      <p className="mt-1 text-sm text-muted">Developer page: runs queries against /api/games/search and shows the raw JSON.</p>
      {ready ? (
        <SearchPanel />
      ) : (
        <p role="status" className="mt-8 text-muted">
          Loading search test…
        </p>
      )}
    </div>
  );
}

function SearchPanel() {
  const [q, setQ] = useState("");
  const [limit, setLimit] = useState("10");
  const [running, setRunning] = useState(false);
  const [result, setResult] = useState<RunResult | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function run(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const params = new URLSearchParams({ q, limit });
    const url = `/api/games/search?${params.toString()}`;
    setRunning(true);
    setError(null);
    const started = performance.now();
    try {
      const res = await fetch(url, { headers: { Accept: "application/json" } });
      const text = await res.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text) as unknown;
      } catch {
        // not JSON: show the text as is
      }
      setResult({ url, status: res.status, ms: Math.round(performance.now() - started), body });
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setRunning(false);
    }
  }

  const count =
    result && typeof result.body === "object" && result.body !== null && "games" in result.body && Array.isArray(result.body.games)
      ? result.body.games.length
      : null;

  return (
    <section className="mt-8 rounded-2xl border border-line bg-surface p-4 sm:p-6">
      <form onSubmit={run} action="/api/games/search" method="get" className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <label className="flex flex-1 flex-col gap-1 text-sm text-muted">
          Query
          <input
            name="q"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            placeholder="e.g. zelda, ff7, witcher 3"
            className="h-11 rounded-lg border border-line bg-page px-3 text-base text-ink-strong"
          />
        </label>
        <label className="flex flex-col gap-1 text-sm text-muted sm:w-28">
          Limit
          <input
            name="limit"
            type="number"
            min={1}
            max={50}
            value={limit}
            onChange={(e) => setLimit(e.target.value)}
            className="h-11 rounded-lg border border-line bg-page px-3 text-base text-ink-strong"
          />
        </label>
        <button
          type="submit"
          disabled={running}
          className="h-11 rounded-lg bg-accent px-5 font-semibold text-white hover:bg-accent-hover disabled:opacity-60"
        >
          {running ? "Searching…" : "Search"}
        </button>
      </form>

      {error ? (
        <p role="alert" className="mt-4 text-bad">
          Request failed: {error}
        </p>
      ) : null}
      {result ? (
        <div className="mt-6">
          <p className="text-sm text-muted" aria-live="polite">
            <code>{result.url}</code> → HTTP {result.status} in {result.ms} ms{count !== null ? `, ${count} games` : ""}
          </p>
          <pre className="mt-2 max-h-[70vh] overflow-auto rounded-lg border border-line bg-page p-4 text-xs text-ink">
            {JSON.stringify(result.body, null, 2)}
          </pre>
        </div>
      ) : null}
    </section>
  );
}
