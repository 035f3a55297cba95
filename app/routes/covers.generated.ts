import type { Route } from "./+types/covers.generated";
import { GENERATED_COVER_TITLE_MAX, generatedCoverKey, generatedCoverSvg } from "~/lib/images";

/**
 * GET /covers/generated/:key.svg?t=<title>&y=<year>: the cover drawn for a game without cover art.
 * The key is derived from the title, the year and the drawing's version, so the answer for a URL never
 * changes and browsers and proxies may keep it for a year; a key that does not match is a 404.
 */

const FILE = /^([0-9a-z]{1,16})\.svg$/;
const YEAR = /^\d{1,4}$/;

const notFound = () => new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });

export function loader({ request, params }: Route.LoaderArgs) {
  const file = FILE.exec(params.file ?? "");
  const query = new URL(request.url).searchParams;
  const title = query.get("t") ?? "";
  const year = query.get("y") ?? "";
  if (!file || title.length > GENERATED_COVER_TITLE_MAX || (year !== "" && !YEAR.test(year))) return notFound();
  if (file[1] !== generatedCoverKey(title, year)) return notFound();
  return new Response(generatedCoverSvg({ title, year }), {
    headers: {
      "Content-Type": "image/svg+xml; charset=utf-8",
      "Cache-Control": "public, max-age=31536000, immutable",
      // Opened on its own, the picture can run nothing and load nothing.
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
