/**
 * The header dropdown's in-memory result cache: entries live 5 minutes; at most 100;
 * when full, the oldest 20 % are dropped. Per browser tab, gone on reload.
 */

export const SUGGESTION_TTL_MS = 5 * 60 * 1000;
export const SUGGESTION_CACHE_MAX = 100;

interface Entry<T> {
  at: number;
  value: T;
}

export class SuggestionCache<T> {
  private readonly entries = new Map<string, Entry<T>>();

  constructor(
    private readonly ttlMs = SUGGESTION_TTL_MS,
    private readonly max = SUGGESTION_CACHE_MAX,
  ) {}

  get(key: string, now = Date.now()): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (now - entry.at >= this.ttlMs) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: T, now = Date.now()): void {
    this.entries.delete(key);
    if (this.entries.size >= this.max) {
      // Map keeps insertion order, and set() re-inserts, so the first keys are the oldest.
      const drop = Math.max(1, Math.ceil(this.max * 0.2));
      let i = 0;
      for (const k of this.entries.keys()) {
        if (i++ >= drop) break;
        this.entries.delete(k);
      }
    }
    this.entries.set(key, { at: now, value });
  }

  get size(): number {
    return this.entries.size;
  }

  clear(): void {
    this.entries.clear();
  }
}
