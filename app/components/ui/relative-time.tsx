import { useEffect, useState } from "react";
import { useRouteLoaderData } from "react-router";
import { useHydrated } from "~/components/ui/use-hydrated";
import { formatRelativeTime, parseDate, type DateInput } from "~/lib/dates";

/** How often a shown relative time is brought up to date in the browser. */
const REFRESH_MS = 60_000;

/**
 * '5m ago' that the server and the browser render alike: until hydration both use the server's
 * clock at render time (the root loader's `now`, sent with the page), so a minute crossed in between
 * cannot make the hydration differ; afterwards the browser's clock takes over, refreshed every minute.
 */
export function RelativeTime({ date, className }: { date: DateInput | null | undefined; className?: string }) {
  const serverNow = useRouteLoaderData<{ now?: number }>("root")?.now;
  const hydrated = useHydrated();
  const [, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTick((n) => n + 1), REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  const now = hydrated || serverNow === undefined ? new Date() : new Date(serverNow);
  const parsed = parseDate(date);
  return (
    <time dateTime={parsed ? parsed.toISOString() : undefined} className={className}>
      {formatRelativeTime(date, now)}
    </time>
  );
}
