import { Clock, Loader2, Search, X } from "lucide-react";
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { Form, Link, useNavigate } from "react-router";
import { GameCover } from "~/components/game/game-cover";
import { hitYear, PlatformList } from "~/components/search/game-result-card";
import { clearRecent, readRecent, rememberSearch, type RecentSearch, type SearchKind } from "~/components/search/recent-searches";
import { SuggestionCache } from "~/components/search/suggestion-cache";
import { useHydrated } from "~/components/search/use-client-state";
import { gameHref } from "~/lib/slugs";
import type { GameSearchHit } from "~/modules/catalogue/search/search.types";

export const MIN_CHARS = 2;
export const DEBOUNCE_MS = 800;
export const MAX_SUGGESTIONS = 8;

/**
 * The Users tab appears once accounts can be searched. It expects GET /api/users/search?q=&limit=8
 * answering { users: [{ id, name, username, image }] }. Until then the box searches games only.
 */
const USER_SEARCH_ENABLED = false;
const KINDS: readonly SearchKind[] = USER_SEARCH_ENABLED ? ["games", "users"] : ["games"];

interface UserHit {
  id: number | string;
  name: string | null;
  username: string | null;
  image: string | null;
}

type Suggestion = { kind: "game"; hit: GameSearchHit } | { kind: "user"; hit: UserHit };

const cache = new SuggestionCache<Suggestion[]>();

async function fetchSuggestions(kind: SearchKind, term: string, signal: AbortSignal): Promise<Suggestion[]> {
  const params = new URLSearchParams({ q: term, limit: String(MAX_SUGGESTIONS) });
  const url = kind === "games" ? `/api/games/search?${params}` : `/api/users/search?${params}`;
  const res = await fetch(url, { signal, headers: { Accept: "application/json" } });
  if (!res.ok) throw new Error(`search answered ${res.status}`);
  const body = (await res.json()) as { games?: GameSearchHit[]; users?: UserHit[] };
  if (kind === "games") return (body.games ?? []).slice(0, MAX_SUGGESTIONS).map((hit) => ({ kind: "game", hit }));
  return (body.users ?? []).slice(0, MAX_SUGGESTIONS).map((hit) => ({ kind: "user", hit }));
}

export function searchPageHref(kind: SearchKind, term: string): string {
  const q = encodeURIComponent(term.trim());
  return kind === "games" ? `/search-results?q=${q}` : `/users?q=${q}`;
}

const noun = { games: "games", users: "users" } as const;

/**
 * The header's search box (spec 2 §2 "Header search dropdown"). Without JavaScript it is a plain
 * GET form to /search-results. With JavaScript it becomes an ARIA combobox: results after 2
 * characters and 800 ms, recent searches for an empty box, arrow keys / Enter / Escape.
 */
export function HeaderSearch({ id = "header-search" }: { id?: string }) {
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const uid = useId();
  const listId = `${uid}-list`;
  const rootRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  const [kind, setKind] = useState<SearchKind>("games");
  const [query, setQuery] = useState("");
  const [focused, setFocused] = useState(false);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [recent, setRecent] = useState<RecentSearch[]>([]);
  const [fetched, setFetched] = useState<{ key: string; items: Suggestion[] } | null>(null);
  const [failedKey, setFailedKey] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  const term = query.trim();
  const key = `${kind}:${term.toLowerCase()}`;
  const searchable = term.length >= MIN_CHARS;
  const items = searchable ? (cache.get(key) ?? (fetched?.key === key ? fetched.items : undefined)) : undefined;
  const failed = searchable && failedKey === key;
  const loading = searchable && items === undefined && !failed;

  useEffect(() => {
    if (!searchable || cache.get(key)) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetchSuggestions(kind, term, controller.signal).then(
        (result) => {
          cache.set(key, result);
          setFetched({ key, items: result });
          setFailedKey(null);
        },
        (err: unknown) => {
          if (controller.signal.aborted) return;
          console.error("header search failed", err);
          setFailedKey(key);
          setOpen(false);
        },
      );
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- key already encodes kind and term; attempt retries after a failure
  }, [key, attempt]);

  // Click (or tap) outside closes the dropdown.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  // Escape closes the open dropdown only. Listening on window in the capture phase runs before the
  // mobile side panel's dialog (which listens on document) so the panel stays open.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== "Escape" || !rootRef.current?.contains(document.activeElement)) return;
      if (!rootRef.current.querySelector("[role=listbox]")?.closest("[hidden]")) {
        event.stopPropagation();
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      }
    };
    window.addEventListener("keydown", onKey, true);
    return () => window.removeEventListener("keydown", onKey, true);
  }, [open]);

  // The options the arrow keys walk through, in display order.
  type Option =
    { id: string; type: "recent"; query: string } | { id: string; type: "item"; item: Suggestion } | { id: string; type: "all" };
  const options: Option[] = [];
  if (term === "") recent.forEach((r, i) => options.push({ id: `${uid}-recent-${i}`, type: "recent", query: r.query }));
  else {
    (items ?? []).forEach((item, i) => options.push({ id: `${uid}-item-${i}`, type: "item", item }));
    options.push({ id: `${uid}-all`, type: "all" });
  }
  const expanded = hydrated && open && options.length > 0;
  const activeOption = expanded && active >= 0 ? options[active] : undefined;

  function close() {
    setOpen(false);
    setActive(-1);
  }

  function openWith(nextKind: SearchKind) {
    setRecent(readRecent(nextKind));
    setOpen(true);
  }

  function goToSearchPage(text: string) {
    const q = text.trim();
    if (!q) return;
    rememberSearch(kind, q);
    close();
    inputRef.current?.blur();
    void navigate(searchPageHref(kind, q));
  }

  function choose(option: Option) {
    if (option.type === "recent") {
      setQuery(option.query);
      goToSearchPage(option.query);
    } else if (option.type === "all") {
      goToSearchPage(term);
    } else {
      rememberSearch(kind, term);
      close();
      setQuery("");
      inputRef.current?.blur();
      void navigate(option.item.kind === "game" ? gameHref(option.item.hit) : `/user/${option.item.hit.id}`);
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (activeOption) choose(activeOption);
    else goToSearchPage(term);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (!expanded) {
        openWith(kind);
        setActive(event.key === "ArrowDown" ? 0 : options.length - 1);
        return;
      }
      const last = options.length - 1;
      setActive((i) => (event.key === "ArrowDown" ? (i >= last ? 0 : i + 1) : i <= 0 ? last : i - 1));
    } else if (event.key === "Escape" && query && !expanded) {
      // (An open dropdown is closed by the window listener above.)
      setQuery("");
    } else if (event.key === "Home" && expanded && active >= 0) {
      event.preventDefault();
      setActive(0);
    } else if (event.key === "End" && expanded && active >= 0) {
      event.preventDefault();
      setActive(options.length - 1);
    }
  }

  function switchKind(next: SearchKind) {
    setKind(next);
    setActive(-1);
    openWith(next);
    inputRef.current?.focus();
  }

  const placeholder = focused ? (kind === "games" ? "Search games..." : "Search users...") : "Search games or users...";
  const kindLabel = kind === "games" ? "Game" : "User";
  const emptyText = kind === "games" ? "No games found" : "No users found";

  return (
    <div
      ref={rootRef}
      className="relative w-full"
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) {
          setFocused(false);
          close();
        }
      }}
    >
      <Form method="get" action="/search-results" role="search" className="relative w-full" onSubmit={onSubmit}>
        <label htmlFor={id} className="sr-only">
          {kind === "games" ? "Search games" : "Search users"}
        </label>
        <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted" />
        <input
          ref={inputRef}
          id={id}
          name="q"
          type="search"
          maxLength={100}
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="search"
          placeholder={placeholder}
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setActive(-1);
            if (failedKey) {
              setFailedKey(null);
              setAttempt((n) => n + 1);
            }
            if (e.target.value.trim() === "") setRecent(readRecent(kind));
            setOpen(true);
          }}
          onFocus={() => {
            setFocused(true);
            openWith(kind);
          }}
          onKeyDown={onKeyDown}
          role={hydrated ? "combobox" : undefined}
          aria-expanded={hydrated ? expanded : undefined}
          aria-controls={hydrated ? listId : undefined}
          aria-autocomplete={hydrated ? "list" : undefined}
          aria-activedescendant={activeOption?.id}
          aria-describedby={failed ? `${uid}-error` : undefined}
          className={`h-10 w-full rounded-full border bg-page/70 pr-9 pl-9 text-sm text-ink placeholder:text-muted focus:border-accent focus:outline-none [&::-webkit-search-cancel-button]:hidden ${
            failed ? "border-bad/70" : "border-line"
          }`}
        />
        {loading && hydrated && (
          <Loader2 aria-hidden="true" className="absolute top-1/2 right-3 size-4 -translate-y-1/2 animate-spin text-muted" />
        )}
        {!loading && hydrated && query !== "" && (
          <button
            type="button"
            onClick={() => {
              setQuery("");
              setRecent(readRecent(kind));
              inputRef.current?.focus();
            }}
            className="absolute top-1/2 right-1.5 grid size-7 -translate-y-1/2 place-items-center rounded-full text-muted hover:text-ink-strong"
            aria-label="Clear search"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        )}
      </Form>

      {failed && (
        <p id={`${uid}-error`} role="alert" className="absolute top-full left-3 mt-1 text-xs font-medium text-bad">
          Search failed. Please try again.
        </p>
      )}

      <div
        hidden={!expanded}
        className="absolute top-full right-0 left-0 z-50 mt-2 min-w-[18rem] overflow-hidden rounded-xl border border-line bg-surface shadow-2xl shadow-black/50"
      >
        {KINDS.length > 1 && (
          <div role="tablist" aria-label="Search for" className="flex border-b border-line p-1">
            {KINDS.map((k) => (
              <button
                key={k}
                type="button"
                role="tab"
                aria-selected={kind === k}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => switchKind(k)}
                className={`flex-1 rounded-lg px-3 py-1.5 text-sm font-semibold capitalize ${kind === k ? "bg-surface-2 text-ink-strong" : "text-muted hover:text-ink-strong"}`}
              >
                {noun[k]}
              </button>
            ))}
          </div>
        )}

        {term === "" && recent.length > 0 && (
          <div className="flex items-center justify-between px-3 pt-2.5 pb-1">
            <p className="text-xs font-semibold tracking-wide text-muted uppercase">Recent {kindLabel} Searches</p>
            <button
              type="button"
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => {
                clearRecent(kind);
                setRecent([]);
                inputRef.current?.focus();
              }}
              className="rounded px-1.5 text-xs font-semibold text-accent-strong hover:underline"
            >
              Clear
            </button>
          </div>
        )}

        {loading && (
          <ul aria-hidden="true" className="space-y-1 p-2">
            {[0, 1, 2].map((i) => (
              <li key={i} className="flex animate-pulse items-center gap-3 p-1">
                <span className="h-12 w-9 rounded bg-surface-2" />
                <span className="flex-1 space-y-1.5">
                  <span className="block h-3 w-2/3 rounded bg-surface-2" />
                  <span className="block h-2.5 w-1/3 rounded bg-surface-2" />
                </span>
              </li>
            ))}
          </ul>
        )}

        {searchable && items?.length === 0 && (
          <div className="px-3 pt-3 pb-1 text-sm">
            <p className="text-muted">{emptyText}</p>
            <Link
              to={searchPageHref(kind, term)}
              onClick={() => {
                rememberSearch(kind, term);
                close();
              }}
              className="font-semibold text-accent-strong hover:underline"
            >
              Search &quot;{term}&quot; anyway
            </Link>
          </div>
        )}

        {!searchable && term !== "" && (
          <p className="px-3 pt-3 pb-1 text-xs text-muted">Type at least {MIN_CHARS} characters to see suggestions.</p>
        )}

        <ul
          id={listId}
          role="listbox"
          aria-label={kind === "games" ? "Game suggestions" : "User suggestions"}
          className="max-h-[70vh] overflow-y-auto p-1.5"
        >
          {options.map((option, index) => {
            const selected = index === active;
            const base = `flex w-full cursor-pointer items-center gap-3 rounded-lg px-2 py-1.5 text-left text-sm ${selected ? "bg-surface-2 text-ink-strong" : "text-ink hover:bg-surface-2"}`;
            const common = {
              id: option.id,
              role: "option" as const,
              "aria-selected": selected,
              onMouseDown: (e: React.MouseEvent) => e.preventDefault(),
              onMouseMove: () => setActive(index),
              onClick: () => choose(option),
            };
            if (option.type === "recent") {
              return (
                <li key={option.id} {...common} className={base}>
                  <Clock aria-hidden="true" className="size-4 shrink-0 text-muted" />
                  <span className="truncate">{option.query}</span>
                </li>
              );
            }
            if (option.type === "all") {
              return (
                <li
                  key={option.id}
                  {...common}
                  className={`${base} ${items?.length ? "mt-1 border-t border-line pt-2" : ""} font-semibold text-accent-strong`}
                >
                  <Search aria-hidden="true" className="size-4 shrink-0" />
                  <span className="truncate">
                    Search all {noun[kind]} for &quot;{term}&quot;
                  </span>
                </li>
              );
            }
            if (option.item.kind === "game") {
              const hit = option.item.hit;
              return (
                <li key={option.id} {...common} className={base}>
                  <span className="w-9 shrink-0">
                    <GameCover name={hit.name} coverUrl={hit.coverUrl} year={hit.year} width={36} size="t_cover_small" />
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-semibold text-ink-strong">{hit.name}</span>
                    <span className="flex min-w-0 gap-2 text-xs text-muted">
                      <span className="shrink-0">{hitYear(hit)}</span>
                      <PlatformList as="span" platforms={hit.platforms} className="min-w-0" />
                    </span>
                  </span>
                </li>
              );
            }
            const user = option.item.hit;
            const label = user.name || user.username || "Anonymous";
            return (
              <li key={option.id} {...common} className={base}>
                {user.image ? (
                  <img src={user.image} alt="" width={32} height={32} className="size-8 rounded-full object-cover" />
                ) : (
                  <span aria-hidden="true" className="grid size-8 place-items-center rounded-full bg-accent/30 text-sm font-bold uppercase">
                    {label.slice(0, 1)}
                  </span>
                )}
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-semibold text-ink-strong">{label}</span>
                  {user.username && <span className="block truncate text-xs text-muted">@{user.username}</span>}
                </span>
              </li>
            );
          })}
        </ul>
      </div>
    </div>
  );
}
