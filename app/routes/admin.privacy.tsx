import { data, isRouteErrorResponse, Link } from "react-router";
import type { Route } from "./+types/admin.privacy";
import { requireAdmin } from "~/access/access.server";
import { RETENTION_DAYS } from "~/lib/consent";
import { pageTitle } from "~/lib/meta";
import { privacyStatistics } from "~/modules/privacy/privacy.service.server";
import { countLabel } from "~/lib/counts";

export function meta() {
  return [{ title: pageTitle("Privacy Statistics") }, { name: "robots", content: "noindex" }];
}

/** Operators only (is_admin, set with `npm run user:admin -- <username>`); 403 for everyone else. */
export async function loader({ request }: Route.LoaderArgs) {
  const r = await privacyStatistics(await requireAdmin(request));
  if (!r.ok) throw data({ message: r.error }, { status: r.status });
  return data(r.data, { headers: { "Cache-Control": "no-store" } });
}

const cards = [
  ["total", "Total", "Accounts that made a choice"],
  ["optedIn", "Opted in", "Anonymous or personalized analytics"],
  ["optedOut", "Opted out", "No tracking"],
  ["anonymousOnly", "Anonymous only", "Analytics without their account"],
] as const;

export default function AdminPrivacyRoute({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 lg:px-6 lg:py-14">
      <h1 className="text-3xl font-bold text-ink-strong">Privacy Statistics</h1>
      <p className="mt-2 text-muted">
        Consent choices of signed-in members. Page views and privacy log entries are deleted after {RETENTION_DAYS} days.
      </p>
      <dl className="mt-8 grid grid-cols-1 gap-4 xs:grid-cols-2 lg:grid-cols-4">
        {cards.map(([key, label, hint]) => (
          <div key={key} className="rounded-xl border border-line bg-surface p-5">
            <dt className="text-sm font-medium text-muted">{label}</dt>
            <dd className="mt-1 text-3xl font-bold text-ink-strong" data-testid={`stat-${key}`}>
              {countLabel(loaderData[key])}
            </dd>
            <dd className="mt-1 text-xs text-muted">{hint}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const forbidden = isRouteErrorResponse(error) && error.status === 403;
  return (
    <div className="mx-auto flex min-h-[50vh] max-w-md flex-col items-center justify-center px-6 py-16 text-center">
      <h1 className="text-2xl font-bold text-ink-strong">{forbidden ? "Access denied" : "Something went wrong"}</h1>
      <p className="mt-2 text-muted">{forbidden ? "You do not have access to this page." : "The statistics could not be loaded."}</p>
      <Link to="/" className="mt-6 rounded-lg border border-line px-5 py-2.5 font-semibold hover:bg-surface-2">
        Back to home
      </Link>
    </div>
  );
}
