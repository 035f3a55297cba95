import { Clock, Loader2, Search, X } from "~/components/ui/icons";
import { useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { Form, Link, useNavigate } from "react-router";
import { GameCover } from "~/components/game/game-cover";
import { hitYear, PlatformList } from "~/components/search/game-result-card";
import { clearRecent, readRecent, rememberSearch, type RecentSearch, type SearchKind } from "~/components/search/recent-searches";
import { SuggestionCache } from "~/components/search/suggestion-cache";
import { Avatar } from "~/components/ui/avatar";
import { gameHref } from "~/lib/slugs";
import { HEADER_MIN_TERM_LENGTH, type GameSearchHit } from "~/modules/catalogue/search/search.types";
import { KindToggle, SEARCH_INPUT_ATTRS, SearchFieldLabel, searchFormAction, searchInputClass } from "./header-search";

export const MIN_CHARS = HEADER_MIN_TERM_LENGTH;
export const DEBOUNCE_MS = 800;
export const MAX_SUGGESTIONS = 8;

interface UserHit {
  id: number;
  displayName: string;
  name: string;
  username: string | null;
  avatarUrl: string | null;
}

type Suggestion = { kind: "game"; hit: GameSearchHit } | { kind: "user"; user: UserHit };

const cache = new SuggestionCache<Suggestion[]>();

/** Games from the catalogue search; users from the Discover Users search. */
async function fetchSuggestions(kind: SearchKind, term: string, signal: AbortSignal): Promise<Suggestion[]> {
  const params = new URLSearchParams({ q: term, limit: String(MAX_SUGGESTIONS) });
  const url = kind === "users" ? `/api/users/search?${params}` : `/api/games/search?${params}`;
  const res = await fetch(url, { signal, headers: { Accept: "application/json" } });
  if (!res.ok) throw new Error(`search answered ${res.status}`);
  if (kind === "users") {
    const body = (await res.json()) as { users?: UserHit[] };
    return (body.users ?? []).slice(0, MAX_SUGGESTIONS).map((user) => ({ kind: "user", user }));
  }
  const body = (await res.json()) as { games?: GameSearchHit[] };
  return (body.games ?? []).slice(0, MAX_SUGGESTIONS).map((hit) => ({ kind: "game", hit }));
}

/** The full results page: games on /search-results, users on Discover Users. */
export function searchPageHref(term: string, kind: SearchKind = "games"): string {
  return `${kind === "users" ? "/users" : "/search-results"}?q=${encodeURIComponent(term.trim())}`;
}

export interface HeaderSearchComboboxProps {
  id: string;
  /**
   * The plain first-load field this combobox replaces (null when there was none): what was typed into
   * it and whether it had focus carry over. Both are read as late as possible — its focus while this
   * renders (it is still in the page), its text once it has left the page — because keys typed while
   * this code was arriving land in the plain field (see takeOverTyping).
   */
  takeOver: HTMLInputElement | null;
  initialKind: SearchKind;
  /** Focus the field whatever the plain field's focus (the kind switch was pressed). */
  autoFocus: boolean;
  /** The Games / Users switch only while focused below 1024 px (KindToggle). */
  compactToggle?: boolean;
}

/** The plain field's text when it differs from what this combobox first rendered, else null. */
export function takeOverTyping(takeOver: Pick<HTMLInputElement, "value"> | null, rendered: string): string | null {
  return takeOver && takeOver.value !== rendered ? takeOver.value : null;
}

/**
 * The header's search box as an ARIA combobox: results after 2 characters and 800 ms, recent
 * searches for an empty box, arrow keys / Enter / Escape. Loaded in the browser when the plain box
 * (./header-search.tsx, which it replaces in place) is first pointed at or focused.
 */
export function HeaderSearchCombobox({ id, takeOver, initialKind, autoFocus, compactToggle = false }: HeaderSearchComboboxProps) {
  const navigate = useNavigate();
  const uid = useId();
  const listId = `${uid}-list`;
  const rootRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  const [query, setQuery] = useState(() => takeOver?.value ?? "");
  // Read while rendering, when the plain field is still in the page (once it is removed, focus leaves it).
  const [takeFocus] = useState(() => autoFocus || (takeOver !== null && document.activeElement === takeOver));
  const [focused, setFocused] = useState(false);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [recent, setRecent] = useState<RecentSearch[]>([]);
  const [fetched, setFetched] = useState<{ key: string; items: Suggestion[] } | null>(null);
  const [failedKey, setFailedKey] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [kind, setKind] = useState<SearchKind>(initialKind);

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
    // eslint-disable-next-line react-hooks/exhaustive-deps -- key already encodes the term; attempt retries after a failure
  }, [key, attempt]);

  // Taking over the plain field: keys typed between this render and the commit went into it, so its
  // text is read again now that it has left the page (before the browser handles another key). A
  // focused field's focus moves to this input (the caret after the text), which opens the dropdown as
  // a focus does.
  useLayoutEffect(() => {
    const input = inputRef.current;
    const typed = takeOverTyping(takeOver, query);
    if (typed !== null) {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- reading the outside field once, before paint; rare (keys raced the swap)
      setQuery(typed);
      if (input) input.value = typed;
    }
    if (!takeFocus || !input) return;
    input.focus();
    input.setSelectionRange(input.value.length, input.value.length);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on mount
  }, []);

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
  const expanded = open && options.length > 0;
  const activeOption = expanded && active >= 0 ? options[active] : undefined;

  function close() {
    setOpen(false);
    setActive(-1);
  }

  function openWith() {
    setRecent(readRecent(kind));
    setOpen(true);
  }

  function goToSearchPage(text: string) {
    const q = text.trim();
    if (!q) return;
    rememberSearch(kind, q);
    close();
    inputRef.current?.blur();
    void navigate(searchPageHref(q, kind));
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
      void navigate(option.item.kind === "user" ? `/user/${option.item.user.id}` : gameHref(option.item.hit));
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
        openWith();
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

  const placeholder = focused ? (kind === "users" ? "Search users..." : "Search games...") : "Search games or users...";
  const noun = kind === "users" ? "users" : "games";

  function switchKind(next: SearchKind) {
    if (next === kind) return;
    setKind(next);
    setActive(-1);
    setFailedKey(null);
    setRecent(readRecent(next));
    setOpen(true);
    inputRef.current?.focus();
  }

  return (
    <div
      ref={rootRef}
      className="group relative w-full"
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) {
          setFocused(false);
          close();
        }
      }}
    >
      <KindToggle kind={kind} onSwitch={switchKind} compact={compactToggle} />
      <Form method="get" action={searchFormAction(kind)} role="search" className="relative w-full" onSubmit={onSubmit}>
        <SearchFieldLabel id={id} kind={kind} />
        <input
          ref={inputRef}
          id={id}
          {...SEARCH_INPUT_ATTRS}
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
            openWith();
          }}
          onKeyDown={onKeyDown}
          role="combobox"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeOption?.id}
          aria-describedby={failed ? `${uid}-error` : undefined}
          className={searchInputClass(failed, true, compactToggle)}
        />
        {loading && <Loader2 aria-hidden="true" className="absolute top-1/2 right-3 size-4 -translate-y-1/2 animate-spin text-muted" />}
        {!loading && query !== "" && (
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
        {term === "" && recent.length > 0 && (
          <div className="flex items-center justify-between px-3 pt-2.5 pb-1">
            <p className="text-xs font-semibold tracking-wide text-muted uppercase">
              {kind === "users" ? "Recent User Searches" : "Recent Game Searches"}
            </p>
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
            <p className="text-muted">{kind === "users" ? "No users found" : "No games found"}</p>
            <Link
              to={searchPageHref(term, kind)}
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
          aria-label={kind === "users" ? "User suggestions" : "Game suggestions"}
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
                    Search all {noun} for &quot;{term}&quot;
                  </span>
                </li>
              );
            }
            if (option.item.kind === "user") {
              const u = option.item.user;
              return (
                <li key={option.id} {...common} className={base}>
                  <Avatar name={u.displayName} url={u.avatarUrl} size={36} lazy />
                  <span className="min-w-0 flex-1">
                    <span dir="auto" className="block truncate font-semibold text-ink-strong">
                      {u.displayName}
                    </span>
                    {u.username && u.name && u.name !== u.username && (
                      <span dir="auto" className="block truncate text-xs text-muted">
                        {u.name}
                      </span>
                    )}
                  </span>
                </li>
              );
            }
            {
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
          })}
        </ul>
      </div>
    </div>
  );
}
