import { and, asc, desc, eq, sql, type SQL } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { game, platformGames } from "~/db/schema";
import { normalizeTitle, sanitizeSearchTerm } from "~/lib/search-text";
import type { GameSearchHit, SearchOptions, SearchResult } from "./search.types";

// PLACEHOLDER implementation (substring match). Replaced by the ranked search.

const hitColumns = {
  id: game.id,
  igdbId: game.igdbId,
  name: game.name,
  slug: game.slug,
  year: game.releaseYear,
  releaseDate: game.releaseDate,
  coverUrl: game.coverUrl,
  category: game.category,
  platforms: game.platforms,
  avgUserRating: sql<number | null>`case when ${game.ratingCount} > 0 then round(${game.ratingSum} / ${game.ratingCount}, 1)::float8 end`,
  userRatingCount: game.ratingCount,
};

function filters(opts: SearchOptions): SQL[] {
  const where: SQL[] = [];
  if (opts.year) where.push(eq(game.releaseYear, opts.year));
  if (opts.platformId)
    where.push(sql`exists (select 1 from ${platformGames} pg where pg.game_id = ${game.id} and pg.platform_id = ${opts.platformId})`);
  return where;
}

export async function searchGames(opts: SearchOptions): Promise<SearchResult> {
  const page = Math.max(1, opts.page ?? 1);
  const pageSize = Math.min(50, Math.max(1, opts.pageSize ?? 20));
  const term = normalizeTitle(sanitizeSearchTerm(opts.q));
  if (!term) return { games: [], total: 0, page, pageSize, source: "database", filteredCount: 0 };
  const where = and(sql`${game.searchName} like ${"%" + term + "%"}`, ...filters(opts));
  const rows: GameSearchHit[] = await getDb()
    .select(hitColumns)
    .from(game)
    .where(where)
    .orderBy(asc(sql`length(${game.searchName})`), desc(game.ratingCount), game.id)
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [count] = await getDb().select({ n: sql<number>`count(*)::int` }).from(game).where(where);
  return { games: rows, total: count?.n ?? 0, page, pageSize, source: "database", filteredCount: 0 };
}
