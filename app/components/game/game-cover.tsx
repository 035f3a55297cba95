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

/** The spec's text for a cover that exists but did not load (the placeholder's accessible name). */
export const IMAGE_FAILED = "Failed to load image";

export type CoverState = "real" | "none" | "failed";

/**
 * What the cover <img> shows: the real cover (webp from the image CDN); a generated cover named
 * "(no cover art)" when the game has none; the same generated cover named 'Failed to load image' when
 * a real cover did not load, so the two cases read differently.
 */
export function coverImage({
  name,
  coverUrl,
  year,
  size = "t_cover_big",
  failed,
}: Pick<GameCoverProps, "name" | "coverUrl" | "year" | "size"> & { failed: boolean }): { src: string; alt: string; state: CoverState } {
  const real = igdbImageUrl(coverUrl, { size, webp: true });
  if (real && !failed) return { src: real, alt: `Cover of ${name}`, state: "real" };
  const placeholder = generatedCoverUrl({ title: name, year: year ?? null });
  return real
    ? { src: placeholder, alt: IMAGE_FAILED, state: "failed" }
    : { src: placeholder, alt: `${name} (no cover art)`, state: "none" };
}

/**
 * A game's cover. Games without cover art, and covers that fail to load, get a generated cover (title,
 * year, colour from the title) — never a broken image; a failed one says 'Failed to load image'.
 */
export function GameCover({ name, coverUrl, year, width = 264, className = "", priority = false, size = "t_cover_big" }: GameCoverProps) {
  const [failed, setFailed] = useState(false);
  const ref = useRef<HTMLImageElement>(null);
  const height = Math.round((width * 374) / 264);
  const { src, alt, state } = coverImage({ name, coverUrl, year, size, failed });
  const real = state === "real";

  // A server-rendered <img> can fail before React attaches onError; catch that case on mount.
  useEffect(() => {
    const img = ref.current;
    if (real && img && img.complete && img.naturalWidth === 0) setFailed(true);
  }, [real]);

  // A width from the caller (the picker's 40 px thumbnails) replaces the default full width: both in one
  // class list would leave the winner to the stylesheet's order, and w-full comes after w-10 there.
  const widthClass = /(^|\s)w-/.test(className) ? "" : "w-full";
  return (
    <img
      ref={ref}
      src={src}
      alt={alt}
      title={state === "failed" ? IMAGE_FAILED : undefined}
      data-cover={state}
      width={width}
      height={height}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding="async"
      onError={() => {
        if (real) setFailed(true);
      }}
      className={`aspect-[264/374] h-auto ${widthClass} rounded-md bg-surface object-cover cover-ring ${className}`}
    />
  );
}
