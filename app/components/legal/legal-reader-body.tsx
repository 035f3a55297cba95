import { LEGAL_DOCUMENTS } from "./legal-content";
import { LegalDocumentView } from "./legal-document";
import type { LegalDocumentKind } from "./legal-titles";

/**
 * The reader dialog's document (legal-reader-dialog.tsx loads this module on
 * demand, so the Terms and Privacy texts stay out of the bundle every page
 * loads, like the lazy-loaded /terms and /privacy pages).
 */
export default function LegalReaderBody({ kind, onNavigate }: { kind: LegalDocumentKind; onNavigate: (anchorId: string) => void }) {
  return <LegalDocumentView doc={LEGAL_DOCUMENTS[kind]} titleAs="h2" showTitle={false} onNavigate={onNavigate} />;
}
