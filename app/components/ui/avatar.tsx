import { UserRound } from "~/components/ui/icons";
import { useEffect, useRef, useState } from "react";

/**
 * A person's picture, or the initial letter of their name when there is none or it fails to load —
 * also when it failed before the page's JavaScript ran (a server-rendered <img> can error before
 * React attaches onError; the mount check catches that). Decorative: the name is always next to it.
 * `anonymous` (no name to take a letter from) shows a person icon instead of a letter.
 */
export function Avatar({
  name,
  url,
  size = 40,
  className = "",
  lazy = false,
  anonymous = false,
}: {
  name: string;
  url: string | null;
  size?: number;
  /** Extra classes for both the picture and the letter (a ring, a margin). */
  className?: string;
  lazy?: boolean;
  anonymous?: boolean;
}) {
  // The address that failed: a new one (a changed avatar) gets its own try.
  const [failed, setFailed] = useState<string | null>(null);
  const ref = useRef<HTMLImageElement>(null);
  const shown = url && failed !== url ? url : null;
  useEffect(() => {
    const img = ref.current;
    if (shown && img && img.complete && img.naturalWidth === 0) setFailed(shown);
  }, [shown]);

  if (shown) {
    return (
      <img
        ref={ref}
        src={shown}
        alt=""
        width={size}
        height={size}
        loading={lazy ? "lazy" : undefined}
        onError={() => setFailed(shown)}
        className={`shrink-0 rounded-full object-cover ${className}`}
        style={{ width: size, height: size }}
      />
    );
  }
  const initial = ([...name.trim()][0] ?? "?").toUpperCase();
  return (
    <span
      aria-hidden="true"
      className={`inline-grid shrink-0 place-items-center rounded-full bg-accent/30 font-bold text-ink-strong ${className}`}
      style={{ width: size, height: size, fontSize: Math.round(size * 0.42) }}
    >
      {anonymous ? <UserRound style={{ width: size * 0.55, height: size * 0.55 }} /> : initial}
    </span>
  );
}
