/**
 * A route that is the same for every signed-out visitor says so with `export const handle = PAGE_CACHE`;
 * the server's page cache (server/html-cache.ts) then keeps its answer for a short while. Pages that
 * vary per request (forms, anything behind sign-in) say nothing and are rendered each time.
 */
export interface PageCacheHandle {
  pageCache?: boolean;
}

export const PAGE_CACHE: PageCacheHandle = { pageCache: true };
