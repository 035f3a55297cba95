import { useEffect, useRef, useState } from "react";
import { generatedCoverUrl, igdbImageUrl } from "~/lib/images";

export interface GameCoverProps {
  name: string;
  coverUrl?: string | null;
  year?: number | null;
  /** Rendered width in CSS pixels; height follows the 3:4-ish cover ratio. */
  width?: number;
  className?: string;
  /** Eager-load (and fetch first) covers above the fold. */
  priority?: boolean;
  size?: "t_cover_small" | "t_cover_big" | "t_720p";
}

/**
 * A game's cover. Games without cover art, and covers that fail to load, get a
 * generated cover (title, year, colour from the title) — never a broken image.
 */
export function GameCover({ name, coverUrl, year, width = 264, className = "", priority = false, size = "t_cover_big" }: GameCoverProps) {
  const [failed, setFailed] = useState(false);
  const ref = useRef<HTMLImageElement>(null);
  const height = Math.round((width * 374) / 264);
  const real = !failed ? igdbImageUrl(coverUrl, { size, webp: true }) : null;
  const src = real ?? generatedCoverUrl({ title: name, year: year ?? null });

  // A server-rendered <img> can fail before React attaches onError; catch that case on mount.
  useEffect(() => {
    const img = ref.current;
    if (real && img && img.complete && img.naturalWidth === 0) setFailed(true);
  }, [real]);

  return (
    <img
      ref={ref}
      src={src}
      alt={real ? `Cover of ${name}` : `${name} (no cover art)`}
      width={width}
      height={height}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding="async"
      onError={() => setFailed(true)}
      className={`aspect-[264/374] h-auto w-full rounded-md bg-surface object-cover cover-ring ${className}`}
    />
  );
}
