import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { createGame, createRating, createUser } from "../../tests/factories";
import { useTestDatabase } from "../../tests/setup/database";
import { renderRoute } from "../../tests/support/render-route";
import { gameJsonLd, serializeJsonLd } from "~/components/game/game-structured-data";
import { game } from "~/db/schema";
import { flushGameViews } from "~/modules/catalogue/view-counter.server";
import GamePage, { loader, meta } from "./game";

const db = useTestDatabase();

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

type LoaderArgs = Parameters<typeof loader>[0];
type LoaderData = Awaited<ReturnType<typeof loader>>;

function call(identifier: string, init: { userAgent?: string; method?: string; headers?: Record<string, string> } = {}) {
  const request = new Request(`http://savepoint.test/game/${encodeURIComponent(identifier)}`, {
    method: init.method ?? "GET",
    headers: { "user-agent": init.userAgent ?? BROWSER, ...init.headers },
  });
  return loader({ params: { identifier }, request, context: new RouterContextProvider() } as unknown as LoaderArgs);
}

/** What the loader threw (a redirect Response or a data() error), or fails when it returned. */
async function thrown(identifier: string): Promise<unknown> {
  try {
    await call(identifier);
  } catch (error) {
    return error;
  }
  throw new Error(`loader for ${identifier} did not throw`);
}

async function viewCount(id: number): Promise<number> {
  const [row] = await db.handle().db.select({ n: game.viewCount }).from(game).where(eq(game.id, id));
  return row!.n;
}

function render(loaderData: LoaderData, path: string): string {
  return renderRoute(GamePage, "routes/game", "/game/:identifier", path, loaderData);
}

describe("/game/{identifier} loader", () => {
  it("renders the slug form and redirects the id forms to it with 301", async () => {
    await createGame({ name: "Outer Wilds", slug: "outer-wilds", igdbId: 11133, releaseDate: "2019-05-28" });
    const data = await call("outer-wilds");
    expect(data.game.name).toBe("Outer Wilds");
    expect(data.origin).toBe("http://savepoint.test");

    for (const id of ["11133", "game-11133"]) {
      const response = await thrown(id);
      expect(response).toBeInstanceOf(Response);
      expect((response as Response).status).toBe(301);
      expect((response as Response).headers.get("location")).toBe("/game/outer-wilds");
    }
  });

  it("throws 404 'Game not found' and 400 'Invalid game identifier' with the identifier", async () => {
    const notFound = (await thrown("missing-game")) as { init: { status: number }; data: { message: string; identifier: string } };
    expect(notFound.init.status).toBe(404);
    expect(notFound.data).toEqual({ message: "Game not found", identifier: "missing-game" });

    const invalid = (await thrown("not a slug!")) as { init: { status: number }; data: { message: string } };
    expect(invalid.init.status).toBe(400);
    expect(invalid.data.message).toBe("Invalid game identifier");
  });

  it("counts views of people but not of bots, prefetches or HEAD requests", async () => {
    const g = await createGame({ name: "Counted", slug: "counted" });
    await call("counted");
    await call("counted");
    await call("counted", { userAgent: GOOGLEBOT });
    await call("counted", { headers: { "sec-purpose": "prefetch" } });
    await call("counted", { method: "HEAD" });
    await flushGameViews();
    expect(await viewCount(g.id)).toBe(2);
  });
});

describe("/game/{identifier} metadata", () => {
  it("gives title, description, Open Graph tags and the canonical link", async () => {
    await createGame({
      name: "Metadata Game",
      slug: "metadata-game",
      coverUrl: "//images.igdb.com/igdb/image/upload/t_thumb/co1abc.jpg",
      summary: `<p>A <b>long</b> summary &amp; more.</p>${" filler words".repeat(40)}`,
    });
    const data = await call("metadata-game");
    const tags = meta({ loaderData: data } as unknown as Parameters<typeof meta>[0]);
    expect(tags).toContainEqual({ title: "Metadata Game | Savepoint" });
    const description = tags.find((t) => "name" in t && t.name === "description") as { content: string };
    expect(description.content.startsWith("A long summary & more. filler words")).toBe(true);
    expect(description.content.length).toBeLessThanOrEqual(160);
    expect(tags).toContainEqual({ property: "og:title", content: "Metadata Game" });
    expect(tags).toContainEqual({ property: "og:image", content: "https://images.igdb.com/igdb/image/upload/t_cover_big/co1abc.jpg" });
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: "http://savepoint.test/game/metadata-game" });
  });

  it("builds a VideoGame record whose aggregate rating appears only with ratings", () => {
    const base = {
      name: "Game </script><script>alert(1)</script>",
      url: "https://savepoint.test/game/x",
      imageUrl: null,
      releaseIso: "2020-03-05",
      platforms: ["PC"],
      genres: ["Puzzle"],
      developer: "Dev",
      publisher: "Pub",
      description: "d".repeat(300),
    };
    const none = gameJsonLd({ ...base, ratingCount: 0, ratingAverage: null });
    expect(none.aggregateRating).toBeUndefined();
    expect((none.description as string).length).toBe(160);
    expect(none.author).toEqual({ "@type": "Organization", name: "Dev" });
    const rated = gameJsonLd({ ...base, ratingCount: 3, ratingAverage: 7.666 });
    expect(rated.aggregateRating).toEqual({ "@type": "AggregateRating", ratingValue: 7.7, ratingCount: 3, bestRating: 10, worstRating: 1 });
    const json = serializeJsonLd(rated);
    expect(json).not.toContain("<");
    expect(JSON.parse(json)).toEqual(rated);
  });
});

describe("/game/{identifier} page", () => {
  it("renders facts, the ratings panel, written reviews with their links and the JSON-LD", async () => {
    const g = await createGame({
      name: "Rendered Game",
      slug: "rendered-game",
      igdbId: 5150,
      releaseDate: "2020-03-05",
      developer: "A Developer With A Very Long Studio Name Inc.",
      publisher: "Short Pub",
      platformNames: ["PC (Microsoft Windows)", "Nintendo Switch"],
      genres: ["Platform"],
      category: 1,
    });
    const author = await createUser({ username: "reviewer_one" });
    await createRating({ userId: author.id, gameId: g.id, rating: 10, review: "Loved it." });
    await createRating({ userId: (await createUser()).id, gameId: g.id, rating: 7.5 });

    const html = render(await call("rendered-game"), "/game/rendered-game");
    expect(html).toContain("Rendered Game");
    expect(html).toContain("March 5, 2020");
    expect(html).toContain("DLC");
    expect(html).toContain("A Developer With A Very Long S...");
    expect(html).toContain("See more");
    expect(html).toContain("PC (Microsoft Windows)");
    expect(html).toContain("2 ratings");
    expect(html).toContain("8.8");
    expect(html).toContain("10/10");
    expect(html).toContain(`href="/review/${author.id}/5150"`);
    expect(html).toContain('href="/review/5150"');
    expect(html).toContain('href="/search"');
    expect(html).toMatch(/aria-label="7 out of 10: 1 rating"/);
    expect(html).toContain('type="application/ld+json"');
    expect(html).toContain('"ratingCount":2');
    expect(html).not.toContain("No written reviews yet");
  });

  it("shows the empty-review texts and the sign-in link", async () => {
    await createGame({ name: "Quiet Game", slug: "quiet-game" });
    const html = render(await call("quiet-game"), "/game/quiet-game");
    expect(html).toContain("No written reviews yet. Be the first to write a review for this game!");
    expect(html).toContain("Sign in to write a review");
    expect(html).toContain('href="/login?redirectTo=%2Freview%2F');
    expect(html).toContain("Unknown");
    expect(html).not.toContain("aggregateRating");
  });
});
