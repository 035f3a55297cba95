import { Link } from "react-router";
import { pageTitle } from "~/lib/meta";
import { PAGE_CACHE } from "~/lib/page-cache";

/** The same for every signed-out visitor: the page cache may keep it. */
export const handle = PAGE_CACHE;

export function meta() {
  return [{ title: pageTitle("Contact") }];
}

/** A placeholder reading 'Contact page coming soon'. */
export default function ContactRoute() {
  return (
    <div className="mx-auto flex max-w-2xl flex-col items-center px-4 py-20 text-center lg:py-28">
      <h1 className="text-3xl font-bold text-ink-strong sm:text-4xl">Contact page coming soon</h1>
      <p className="mt-4 text-muted">In the meantime, the FAQ may already answer your question.</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link
          to="/faq"
          className="inline-flex h-11 items-center rounded-lg bg-accent px-5 font-semibold text-white hover:bg-accent-hover focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-strong"
        >
          Read the FAQ
        </Link>
        <Link
          to="/"
          className="inline-flex h-11 items-center rounded-lg border border-line px-5 font-semibold text-ink hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-strong"
        >
          Back to home
        </Link>
      </div>
    </div>
  );
}
