import { useRouteLoaderData } from "react-router";

export interface GameStructuredDataInput {
  name: string;
  url: string;
  imageUrl: string | null;
  releaseIso: string | null;
  platforms: string[];
  genres: string[];
  developer: string | null;
  publisher: string | null;
  description: string;
  ratingCount: number;
  ratingAverage: number | null;
}

/** schema.org VideoGame with an AggregateRating (best 10, worst 1) once the game has ratings. */
export function gameJsonLd(input: GameStructuredDataInput): Record<string, unknown> {
  const ld: Record<string, unknown> = {
    "@context": "https://schema.org",
    "@type": "VideoGame",
    name: input.name,
    url: input.url,
  };
  if (input.imageUrl) ld.image = input.imageUrl;
  if (input.releaseIso) ld.datePublished = input.releaseIso;
  if (input.platforms.length > 0) ld.gamePlatform = input.platforms;
  if (input.genres.length > 0) ld.genre = input.genres;
  if (input.developer) ld.author = { "@type": "Organization", name: input.developer };
  if (input.publisher) ld.publisher = { "@type": "Organization", name: input.publisher };
  if (input.description) ld.description = input.description.slice(0, 160);
  if (input.ratingCount > 0 && input.ratingAverage !== null) {
    ld.aggregateRating = {
      "@type": "AggregateRating",
      ratingValue: Math.round(input.ratingAverage * 10) / 10,
      ratingCount: input.ratingCount,
      bestRating: 10,
      worstRating: 1,
    };
  }
  return ld;
}

/** JSON for an inline <script>: '<' (and the line separators JS chokes on) escaped so no tag can close it. */
export function serializeJsonLd(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** Renders the record in <script type="application/ld+json"> with the request's CSP nonce. */
export function JsonLd({ data }: { data: unknown }) {
  const root = useRouteLoaderData("root") as { nonce?: string } | undefined;
  return (
    <script
      type="application/ld+json"
      nonce={root?.nonce || undefined}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }}
    />
  );
}
