import { ChevronDown } from "~/components/ui/icons";
import { Link } from "react-router";
import { FAQ_ITEMS, type FaqItem } from "./faq-content";

/**
 * The FAQ accordion: expandable questions, several may be open at once.
 *
 * Built on native <details>/<summary> rather than @radix-ui/react-accordion:
 * - it works without JavaScript (the page is server-rendered; a Radix accordion
 *   rendered closed cannot be opened before hydration or with JS off);
 * - each <details> toggles on its own, so several can be open at once
 *   (the equivalent of Radix type="multiple");
 * - <summary> is focusable and toggles with Enter/Space, and browsers expose it
 *   to screen readers as a button-like control with its expanded/collapsed
 *   state, so no ARIA wiring is needed;
 * - the browser's find-in-page opens a closed <details> that contains a match.
 */
export function FaqList({ items = FAQ_ITEMS }: { items?: FaqItem[] }) {
  return (
    <div className="divide-y divide-line overflow-hidden rounded-2xl border border-line bg-surface">
      {items.map((item) => (
        <details key={item.id} id={item.id} className="group scroll-mt-20" data-testid="faq-item">
          <summary className="flex min-h-14 cursor-pointer list-none items-center justify-between gap-4 px-4 py-4 text-left font-semibold text-ink-strong hover:bg-surface-2 focus-visible:bg-surface-2 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-accent-strong sm:px-6 [&::-webkit-details-marker]:hidden">
            <span>{item.question}</span>
            <ChevronDown
              aria-hidden="true"
              className="size-5 shrink-0 text-muted transition-transform group-open:rotate-180 motion-reduce:transition-none"
            />
          </summary>
          <div className="space-y-3 px-4 pb-5 leading-relaxed text-ink sm:px-6">
            {item.answer.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
        </details>
      ))}
    </div>
  );
}

/** The whole FAQ page body: heading, intro, the accordion and the Contact Us link. */
export function FaqPage() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 lg:px-6 lg:py-14">
      <h1 className="text-3xl font-bold text-ink-strong sm:text-4xl">Frequently Asked Questions</h1>
      <p className="mt-3 text-muted">Quick answers about Savepoint. Open as many questions as you like.</p>
      <div className="mt-8">
        <FaqList />
      </div>
      <section aria-labelledby="faq-more" className="mt-10 rounded-2xl border border-line bg-surface-2/60 p-6 text-center">
        <h2 id="faq-more" className="text-lg font-semibold text-ink-strong">
          Still have a question?
        </h2>
        <p className="mt-1 text-muted">We are in an alpha test and read every message.</p>
        <Link
          to="/contact"
          className="mt-4 inline-flex h-11 items-center justify-center rounded-lg bg-accent px-5 font-semibold text-white hover:bg-accent-hover focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-strong"
        >
          Contact Us
        </Link>
      </section>
    </div>
  );
}
