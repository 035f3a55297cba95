import { Search } from "lucide-react";
import { Form } from "react-router";

/**
 * The header's search box. Without JavaScript it is a plain GET form to the
 * search page; the catalogue enhances it with the results dropdown.
 */
export function HeaderSearch({ id = "header-search" }: { id?: string }) {
  return (
    <Form method="get" action="/search-results" role="search" className="relative w-full">
      <label htmlFor={id} className="sr-only">
        Search games
      </label>
      <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted" />
      <input
        id={id}
        name="q"
        type="search"
        maxLength={100}
        autoComplete="off"
        placeholder="Search games or users..."
        className="h-10 w-full rounded-full border border-line bg-page/70 pr-4 pl-9 text-sm text-ink placeholder:text-muted focus:border-accent focus:outline-none"
      />
    </Form>
  );
}
