import { Link } from "react-router";

export function NotFound({ path }: { path: string }) {
  return (
    <div className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-6 py-16 text-center">
      <p className="text-6xl font-black text-accent-strong">404</p>
      <h1 className="mt-4 text-2xl font-bold text-ink-strong">Page Not Found</h1>
      <p className="mt-3 text-muted">
        Nothing lives at <code className="rounded bg-surface px-1.5 py-0.5 text-ink">{path}</code>.
      </p>
      <div className="mt-8 flex gap-3">
        <Link to="/" className="rounded-lg bg-accent px-4 py-2 font-semibold text-white hover:bg-accent-hover">
          Go Home
        </Link>
        <Link to="/search" className="rounded-lg border border-line px-4 py-2 font-semibold hover:bg-surface">
          Browse Games
        </Link>
      </div>
    </div>
  );
}
