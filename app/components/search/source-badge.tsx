import { Database, Globe, Layers } from "~/components/ui/icons";
import type { SearchSource } from "~/modules/catalogue/search/search.types";

const SOURCES: Record<SearchSource, { label: string; Icon: typeof Database; className: string }> = {
  database: { label: "Database", Icon: Database, className: "border-good/40 bg-good/10 text-good" },
  igdb: { label: "IGDB API", Icon: Globe, className: "border-sky-400/40 bg-sky-400/10 text-sky-300" },
  mixed: { label: "Mixed Sources", Icon: Layers, className: "border-warn/40 bg-warn/10 text-warn" },
};

/** Where the results came from: Database, IGDB API or Mixed Sources. */
export function SourceBadge({ source }: { source: SearchSource }) {
  const { label, Icon, className } = SOURCES[source];
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-xs font-semibold ${className}`}
      title="Result source"
      data-testid="source-badge"
    >
      <Icon aria-hidden="true" className="size-3.5" />
      {label}
    </span>
  );
}
