import { useId, useState } from "react";

/**
 * Text cut to `limit` characters with a 'See more' / 'See less' toggle (developer and publisher,
 * 30 characters by default). Short text renders as is. Without JavaScript the whole text shows and
 * the toggle is hidden (the <noscript> styles in app/root.tsx).
 */
export function ExpandableText({ text, limit = 30, className = "" }: { text: string; limit?: number; className?: string }) {
  const [expanded, setExpanded] = useState(false);
  const id = useId();
  if (text.length <= limit) return <span className={className}>{text}</span>;
  return (
    <span className={className}>
      <span id={id}>
        {expanded ? (
          text
        ) : (
          <>
            <span className="js-only">{`${text.slice(0, limit).trimEnd()}...`}</span>
            <span className="nojs-show hidden">{text}</span>
          </>
        )}
      </span>{" "}
      <button
        type="button"
        aria-expanded={expanded}
        aria-controls={id}
        onClick={() => setExpanded((v) => !v)}
        className="js-only rounded text-sm font-semibold whitespace-nowrap text-accent-strong hover:underline"
      >
        {expanded ? "See less" : "See more"}
      </button>
    </span>
  );
}
