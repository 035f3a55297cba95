/** The legal documents' titles, apart from their (lazily loaded) texts: the reader dialog shows them before the text arrives. */
export const LEGAL_TITLES = { terms: "Terms of Service", privacy: "Privacy Policy" } as const;

export type LegalDocumentKind = keyof typeof LEGAL_TITLES;
