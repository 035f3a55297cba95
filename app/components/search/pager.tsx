import { ChevronLeft, ChevronRight } from "~/components/ui/icons";
import { Link } from "react-router";
import { pagerNumbers } from "~/modules/catalogue/search/search-page.schema";

/** Page links (work without JavaScript): Previous, at most 5 numbers around the current page, Next. */
export function Pager({ page, totalPages, hrefFor }: { page: number; totalPages: number; hrefFor: (page: number) => string }) {
  if (totalPages <= 1) return null;
  const numbers = pagerNumbers(page, totalPages);
  const base = "grid h-10 min-w-10 place-items-center rounded-lg px-3 text-sm font-semibold transition-colors";
  const idle = `${base} border border-line bg-surface text-ink hover:border-accent/60 hover:text-ink-strong`;
  const disabled = `${base} border border-line/50 text-muted/50`;
  return (
    <nav aria-label="Pagination" className="mt-8 flex flex-wrap items-center justify-center gap-2">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className={idle} aria-label="Previous page">
          <ChevronLeft aria-hidden="true" className="size-4" />
        </Link>
      ) : (
        <span className={disabled} aria-hidden="true">
          <ChevronLeft className="size-4" />
        </span>
      )}
      {numbers.map((n) =>
        n === page ? (
          <span key={n} aria-current="page" className={`${base} bg-accent text-white`}>
            {n}
          </span>
        ) : (
          <Link key={n} to={hrefFor(n)} className={idle} aria-label={`Page ${n}`}>
            {n}
          </Link>
        ),
      )}
      {page < totalPages ? (
        <Link to={hrefFor(page + 1)} className={idle} aria-label="Next page">
          <ChevronRight aria-hidden="true" className="size-4" />
        </Link>
      ) : (
        <span className={disabled} aria-hidden="true">
          <ChevronRight className="size-4" />
        </span>
      )}
    </nav>
  );
}
