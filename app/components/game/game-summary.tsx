import { useId, useState } from "react";

/** Typography for sanitised rich text (only the tags the basic configuration lets through). */
export const RICH_TEXT =
  "text-base leading-relaxed text-ink [&_blockquote]:border-l-2 [&_blockquote]:border-line [&_blockquote]:pl-3 [&_blockquote]:text-muted " +
  "[&_code]:rounded [&_code]:bg-surface-2 [&_code]:px-1 [&_h3]:mt-3 [&_h3]:font-bold [&_h4]:mt-3 [&_h4]:font-semibold [&_h5]:font-semibold [&_h6]:font-semibold " +
  "[&_ol]:list-decimal [&_ol]:pl-5 [&_ul]:list-disc [&_ul]:pl-5 [&>*+*]:mt-3 [&_pre]:overflow-x-auto [&_pre]:rounded [&_pre]:bg-surface-2 [&_pre]:p-2";

/**
 * The game summary: sanitised HTML (basic configuration, made on the server), clamped to 3 lines
 * with a 'Show more' / 'Show less' toggle when the text is longer than 200 characters. Without
 * JavaScript the whole text shows and the toggle is hidden (the <noscript> styles in app/root.tsx).
 */
export function GameSummary({ html, isLong }: { html: string; isLong: boolean }) {
  const [expanded, setExpanded] = useState(false);
  const id = useId();
  const clamped = isLong && !expanded;
  return (
    <div>
      <div
        id={id}
        className={`${RICH_TEXT} ${clamped ? "js-clamp line-clamp-3" : ""}`}
        // Sanitised on the server with sanitize-html (app/lib/sanitize.server.ts, basic configuration).
        dangerouslySetInnerHTML={{ __html: html }}
      />
      {isLong && (
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded((v) => !v)}
          className="js-only mt-2 rounded text-sm font-semibold text-accent-strong hover:underline"
        >
          {expanded ? "Show less" : "Show more"}
        </button>
      )}
    </div>
  );
}
