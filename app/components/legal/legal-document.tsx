import type { MouseEvent } from "react";
import { sectionAnchor, splitContact, tableOfContents, type LegalDocument, type LegalSection } from "./legal-content";

/**
 * Renders a Terms / Privacy document: 'last updated' line, a table of
 * contents of headings up to level 3 (anchor links) and the sections. Used by
 * the reader modal and meant for the /terms and /privacy pages.
 * `headingLevel` is the level of the document title (1 on a page, 2 in a dialog
 * whose title is already the document name); sections nest below it.
 */
export function LegalDocumentView({
  doc,
  contactEmail,
  titleAs = "h1",
  showTitle = true,
  onNavigate,
}: {
  doc: LegalDocument;
  /** The operator's address; without it the spec's {email} placeholder is shown. */
  contactEmail?: string;
  titleAs?: "h1" | "h2";
  showTitle?: boolean;
  /** Anchor clicks: scroll within a container instead of changing the URL (used in the dialog). */
  onNavigate?: (anchorId: string) => void;
}) {
  const toc = tableOfContents(doc, 3);
  const Title = titleAs;
  const offset = titleAs === "h1" ? 0 : 1;
  const handleTocClick = (e: MouseEvent<HTMLAnchorElement>, id: string) => {
    if (!onNavigate) return;
    e.preventDefault();
    onNavigate(id);
  };
  return (
    <article className="text-ink">
      {showTitle ? <Title className="text-3xl font-bold text-ink-strong">{doc.title}</Title> : null}
      <p className="mt-1 text-sm text-muted">This document was last updated {doc.lastUpdated}.</p>
      <p className="mt-4 leading-relaxed">{doc.summary}</p>

      <nav aria-label={`${doc.title} contents`} className="mt-6 rounded-xl border border-line bg-page/60 p-4">
        <p className="text-xs font-semibold tracking-wider text-muted uppercase">Contents</p>
        <ol className="mt-2 space-y-1 text-sm">
          {toc.map((entry) => {
            const anchor = sectionAnchor(doc, entry.id);
            return (
              <li key={entry.id} className={entry.level === 3 ? "pl-4" : ""}>
                <a
                  href={`#${anchor}`}
                  onClick={(e) => handleTocClick(e, anchor)}
                  className="text-accent-strong hover:underline focus-visible:underline"
                >
                  {entry.title}
                </a>
              </li>
            );
          })}
        </ol>
      </nav>

      <div className="mt-6 space-y-4">
        {doc.sections.map((section) => (
          <Section key={section.id} doc={doc} section={section} offset={offset} contactEmail={contactEmail} />
        ))}
      </div>
    </article>
  );
}

const HEADING_CLASSES: Record<number, string> = {
  2: "mt-8 text-xl font-bold text-ink-strong",
  3: "mt-6 text-lg font-semibold text-ink-strong",
  4: "mt-4 text-base font-semibold text-ink-strong",
  5: "mt-4 text-base font-semibold text-ink-strong",
};

function Section({
  doc,
  section,
  offset,
  contactEmail,
}: {
  doc: LegalDocument;
  section: LegalSection;
  offset: number;
  contactEmail?: string;
}) {
  const level = Math.min(6, section.level + offset);
  const Heading = `h${level}` as "h2" | "h3" | "h4" | "h5" | "h6";
  return (
    <section aria-labelledby={sectionAnchor(doc, section.id)}>
      <Heading id={sectionAnchor(doc, section.id)} tabIndex={-1} className={`scroll-mt-4 ${HEADING_CLASSES[section.level] ?? ""}`}>
        {section.title}
      </Heading>
      {section.blocks.map((block, i) =>
        block.kind === "p" ? (
          <p key={i} className="mt-2 leading-relaxed">
            <Text text={block.text} contactEmail={contactEmail} />
          </p>
        ) : (
          <ul key={i} className="mt-2 list-disc space-y-1.5 pl-5 leading-relaxed marker:text-muted">
            {block.items.map((item) => (
              <li key={item}>
                <Text text={item} contactEmail={contactEmail} />
              </li>
            ))}
          </ul>
        ),
      )}
    </section>
  );
}

function Text({ text, contactEmail }: { text: string; contactEmail?: string }) {
  return (
    <>
      {splitContact(text).map((part, i) =>
        part.contact ? (
          contactEmail ? (
            <a key={i} href={`mailto:${contactEmail}`} className="font-medium text-accent-strong hover:underline">
              {contactEmail}
            </a>
          ) : (
            <span key={i} className="font-mono text-sm text-accent-strong">
              {part.text}
            </span>
          )
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}
