import { FaqPage } from "~/components/faq/faq-list";
import { pageTitle } from "~/lib/meta";
import { PAGE_CACHE } from "~/lib/page-cache";

/** The same for every signed-out visitor: the page cache may keep it. */
export const handle = PAGE_CACHE;

export function meta() {
  return [
    { title: pageTitle("FAQ") },
    { name: "description", content: "Answers to common questions about Savepoint: accounts, logging games, reviews, Top 5 and following." },
  ];
}

export default function FaqRoute() {
  return <FaqPage />;
}
