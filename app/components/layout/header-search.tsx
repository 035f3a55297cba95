import { Search } from "~/components/ui/icons";
import { useId, useRef, useState, type ComponentType } from "react";
import { Form } from "react-router";
import type { SearchKind } from "~/components/search/recent-searches";
import { useHydrated } from "~/components/ui/use-hydrated";
import type { HeaderSearchComboboxProps } from "./header-search-combobox";

type Combobox = ComponentType<HeaderSearchComboboxProps>;
let combobox: Promise<Combobox> | undefined;
const loadCombobox = () => (combobox ??= import("./header-search-combobox").then((m) => m.HeaderSearchCombobox));

/**
 * The search box's Games / Users switch (shown once the page runs JavaScript). `compact`: a box too
 * narrow for the switch and the placeholder side by side (the header below 1024 px) shows the switch
 * only while the box has focus (the box's root carries the `group` class).
 */
export function KindToggle({
  kind,
  onSwitch,
  compact = false,
}: {
  kind: SearchKind;
  onSwitch: (kind: SearchKind) => void;
  compact?: boolean;
}) {
  return (
    <div
      role="group"
      aria-label="Search for"
      className={`absolute top-1/2 right-9 z-10 -translate-y-1/2 gap-0.5 rounded-full bg-surface-2/80 p-0.5 text-xs ${
        compact ? "hidden group-focus-within:flex lg:flex" : "flex"
      }`}
    >
      {(["games", "users"] as const).map((k) => (
        <button
          key={k}
          type="button"
          aria-pressed={kind === k}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => onSwitch(k)}
          className={`min-h-6 rounded-full px-2.5 py-1 font-semibold ${kind === k ? "bg-accent text-white" : "text-muted hover:text-ink-strong"}`}
        >
          {k === "games" ? "Games" : "Users"}
        </button>
      ))}
    </div>
  );
}

/** The search field's classes: room for the switch (with JavaScript; see KindToggle's `compact`) or for nothing (a plain form). */
export function searchInputClass(failed: boolean, enhanced = true, compact = false): string {
  const room = !enhanced ? "pr-9" : compact ? "pr-9 group-focus-within:pr-36 lg:pr-36" : "pr-36";
  return `h-10 w-full rounded-full border bg-page/70 pl-9 ${room} text-sm text-ink placeholder:text-muted focus:border-accent focus:ring-2 focus:ring-accent/40 focus:outline-none [&::-webkit-search-cancel-button]:hidden ${
    failed ? "border-bad/70" : "border-line"
  }`;
}

/** Where the header's search form goes for a kind. */
export const searchFormAction = (kind: SearchKind) => (kind === "users" ? "/users" : "/search-results");

/**
 * The search field's fixed attributes, the same on the first-load box and the combobox that replaces
 * it (q ≤ 100 characters, as the search parameter parser allows).
 */
export const SEARCH_INPUT_ATTRS = {
  name: "q",
  type: "search",
  maxLength: 100,
  autoComplete: "off",
  spellCheck: false,
  enterKeyHint: "search",
} as const;

/** The field's label (for screen readers) and its magnifier icon. */
export function SearchFieldLabel({ id, kind }: { id: string; kind: SearchKind }) {
  return (
    <>
      <label htmlFor={id} className="sr-only">
        {kind === "users" ? "Search users" : "Search games"}
      </label>
      <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted" />
    </>
  );
}

/**
 * The header's search box. Without JavaScript it is a plain GET form to /search-results (or /users).
 * Once hydrated it shows what the closed combobox shows, and is replaced in place by that combobox
 * (./header-search-combobox.tsx: suggestions, recent searches, keyboard) whose code is fetched when
 * the box is first pointed at, touched or focused — not on every first load (decision 016). What was
 * typed in the meantime, the chosen kind and the focus carry over.
 */
export function HeaderSearch({ id = "header-search", compactToggle = false }: { id?: string; compactToggle?: boolean }) {
  const hydrated = useHydrated();
  const listId = `${useId()}-list`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [kind, setKind] = useState<SearchKind>("games");
  const kindRef = useRef<SearchKind>("games");
  const [loaded, setLoaded] = useState<{ Combobox: Combobox; props: HeaderSearchComboboxProps } | null>(null);

  if (loaded) return <loaded.Combobox {...loaded.props} />;

  const load = (focus = false) => {
    void loadCombobox().then((Combobox) => {
      setLoaded({
        Combobox,
        props: { id, takeOver: inputRef.current, initialKind: kindRef.current, autoFocus: focus, compactToggle },
      });
    });
  };

  return (
    <div className="group relative w-full" onPointerEnter={() => load()} onFocus={() => load()}>
      {hydrated && (
        <KindToggle
          compact={compactToggle}
          kind={kind}
          onSwitch={(next) => {
            kindRef.current = next;
            setKind(next);
            load(true);
          }}
        />
      )}
      <Form method="get" action={searchFormAction(kind)} role="search" className="relative w-full">
        <SearchFieldLabel id={id} kind={kind} />
        <input
          ref={inputRef}
          id={id}
          {...SEARCH_INPUT_ATTRS}
          placeholder="Search games or users..."
          role={hydrated ? "combobox" : undefined}
          aria-expanded={hydrated ? false : undefined}
          aria-controls={hydrated ? listId : undefined}
          aria-autocomplete={hydrated ? "list" : undefined}
          className={searchInputClass(false, hydrated, compactToggle)}
        />
      </Form>
      {hydrated && (
        <div hidden>
          <ul id={listId} role="listbox" aria-label={kind === "users" ? "User suggestions" : "Game suggestions"} />
        </div>
      )}
    </div>
  );
}
