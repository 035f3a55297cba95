import { TERMS } from "~/components/legal/legal-content";
import { LegalDocumentView } from "~/components/legal/legal-document";
import { pageTitle } from "~/lib/meta";
import { PAGE_CACHE } from "~/lib/page-cache";

// A lazy-loaded page. In React Router framework mode every route
// module is its own code-split chunk, loaded only when /terms is visited.

/** The same for every signed-out visitor: the page cache may keep it. */
export const handle = PAGE_CACHE;

export function meta() {
  return [{ title: pageTitle("Terms of Service") }, { name: "description", content: TERMS.summary }];
}

export default function TermsRoute() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 lg:px-6 lg:py-14">
      <LegalDocumentView doc={TERMS} />
    </div>
  );
}
