import { useId, useState } from "react";

/**
 * Text cut to `limit` characters with a 'See more' / 'See less' toggle (developer and publisher,
 * spec 2 §2: 30 characters). Short text renders as is.
 */
export function ExpandableText({ text, limit = 30, className = "" }: { text: string; limit?: number; className?: string }) {
  const [expanded, setExpanded] = useState(false);
  const id = useId();
  if (text.length <= limit) return <span className={className}>{text}</span>;
  return (
    <span className={className}>
      <span id={id}>{expanded ? text : `${text.slice(0, limit).trimEnd()}...`}</span>{" "}
      <button
        type="button"
        aria-expanded={expanded}
        aria-controls={id}
        onClick={() => setExpanded((v) => !v)}
        className="rounded text-sm font-semibold whitespace-nowrap text-accent-strong hover:underline"
      >
        {expanded ? "See less" : "See more"}
      </button>
    </span>
  );
}
