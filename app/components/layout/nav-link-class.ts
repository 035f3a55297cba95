/** The header's navigation links (bar and phone side panel): the current page stands out. */
export const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium transition-colors ${isActive ? "text-ink-strong" : "text-muted hover:text-ink-strong"}`;
