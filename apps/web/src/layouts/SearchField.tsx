import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MIN_FETCH_DELAY_MS, STORAGE_KEYS } from '@portal/contracts/constants';
import { searchProductsQuery, useCatalogMenu, usePriceScope } from '../features/catalog/api.ts';
import { productPath } from '../features/catalog/paths.ts';
import {
  addRecentSearch,
  parseRecentSearches,
  parseSearchParams,
  searchPath,
  type RecentSearch,
} from '../features/search/params.ts';
import { createLazyStore, createStore, useStore } from '../components/store.ts';
import { storage } from '../lib/storage.ts';
import { registerClientStore } from '../lib/clientStores.ts';
import { resetSearchField, searchFieldStore } from '../lib/searchField.ts';
import { formatMoney } from '@portal/contracts/format';
import { SearchIcon } from '../components/icons.tsx';
import { useDebounced } from '../lib/useDebounced.ts';

// Read from local storage when the list first opens (issue 31: not by every page's first render).
const recentStore = createLazyStore<RecentSearch[]>(() =>
  parseRecentSearches(storage.get(STORAGE_KEYS.recentProductSearches)),
);
const NO_RECENTS = createStore<RecentSearch[]>([]);

// spec 01 §4: logout clears every store, recent searches included.
registerClientStore(() => {
  resetSearchField();
  recentStore.set([]);
});

// Until features/business/api.ts imports it from lib (a feature never reaches into a layout).

const MIN_SUGGEST_LENGTH = 2;

/**
 * spec 01 §4: the type resets to all with an empty term when leaving the search and product
 * routes; on /search the field shows the address's search.
 */
function useFieldFollowsRoute() {
  const location = useLocation();
  useEffect(() => {
    if (location.pathname === '/search') {
      const state = parseSearchParams(new URLSearchParams(location.search));
      const type =
        state.categories.length === 1 && !state.brands.length
          ? `c:${state.categories[0]}`
          : state.brands.length === 1 && !state.categories.length
            ? `b:${state.brands[0]}`
            : 'all';
      searchFieldStore.set({ type, term: state.term });
    } else if (!location.pathname.startsWith('/product')) {
      searchFieldStore.set({ type: 'all', term: '' });
    }
  }, [location.pathname, location.search]);
}

type Option =
  | { kind: 'recent'; recent: RecentSearch; label: string }
  | { kind: 'product'; sku: string; label: string; detail: string }
  | { kind: 'search'; label: string };

/**
 * Top-bar product search (spec 01 §2.4, §4): a type dropdown (all, a category, a brand), a term
 * with recent searches and product suggestions, submitted to /search.
 */
export function SearchField({ idPrefix, autoFocus }: { idPrefix: string; autoFocus?: boolean }) {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const scope = usePriceScope();
  const menu = useCatalogMenu();
  const { type, term } = useStore(searchFieldStore);
  const [open, setOpen] = useState(false);
  const recents = useStore(open ? recentStore : NO_RECENTS);
  const [active, setActive] = useState(-1);
  const labelId = useId();
  const listId = `${idPrefix}-suggestions`;
  const formRef = useRef<HTMLFormElement>(null);
  const termInput = useRef<HTMLInputElement>(null);
  // Opened on purpose from the mobile search button: the field takes focus when it appears (the autofocus
  // attribute alone works only while a page loads).
  useEffect(() => {
    if (autoFocus) termInput.current?.focus();
  }, [autoFocus]);
  useFieldFollowsRoute();

  const [kind, slug] = type.split(':') as ['all' | 'c' | 'b', string | undefined];
  const typed = term.trim();
  const debounced = useDebounced(typed, MIN_FETCH_DELAY_MS);
  const suggestions = useQuery({
    ...searchProductsQuery(scope, {
      limit: 8,
      filters: {
        sort: 'name-asc',
        search: debounced,
        categories: kind === 'c' && slug ? [slug] : [],
        brands: kind === 'b' && slug ? [slug] : [],
      },
    }),
    enabled: open && debounced.length >= MIN_SUGGEST_LENGTH,
    placeholderData: undefined,
  });

  const options: Option[] = !typed
    ? recents.map((recent) => ({ kind: 'recent', recent, label: recent.searchTerm }))
    : [
        ...(typed.length >= MIN_SUGGEST_LENGTH && debounced === typed
          ? (suggestions.data?.results ?? []).map((p): Option => ({
              kind: 'product',
              sku: p.sku,
              label: p.name,
              detail: `${p.sku} · ${formatMoney(p.price.cents)}`,
            }))
          : []),
        { kind: 'search', label: `Search for “${typed}”` },
      ];
  const expanded = open && options.length > 0;

  const runSearch = (entry: RecentSearch) => {
    const path = searchPath({
      term: entry.searchTerm,
      categories: entry.categorySelected ? [entry.categorySelected] : [],
      brands: entry.brandSelected ? [entry.brandSelected] : [],
    });
    const next = addRecentSearch(recentStore.get(), entry);
    recentStore.set(next);
    storage.set(STORAGE_KEYS.recentProductSearches, JSON.stringify(next));
    setOpen(false);
    setActive(-1);
    // spec 01 §4: the same search again reloads page 1 rather than navigating nowhere.
    if (location.pathname + location.search === path) {
      void queryClient.invalidateQueries({ queryKey: ['products', scope, 'search'] });
      return;
    }
    void navigate(path, { replace: location.pathname === '/search' });
  };

  const choose = (option: Option) => {
    if (option.kind === 'recent') {
      searchFieldStore.set({
        term: option.recent.searchTerm,
        type: option.recent.categorySelected
          ? `c:${option.recent.categorySelected}`
          : option.recent.brandSelected
            ? `b:${option.recent.brandSelected}`
            : 'all',
      });
      return runSearch(option.recent);
    }
    if (option.kind === 'product') {
      setOpen(false);
      return void navigate(productPath(option.sku));
    }
    submitTyped();
  };

  const submitTyped = () =>
    runSearch({
      searchTerm: typed,
      categorySelected: kind === 'c' && slug ? slug : null,
      brandSelected: kind === 'b' && slug ? slug : null,
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const option = expanded && active >= 0 ? options[active] : undefined;
    if (option) return choose(option);
    submitTyped();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) return setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (options.length ? (i + step + options.length + 1) % (options.length + 1) : -1));
      return;
    }
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };
  // Index options.length means "back in the field" (nothing active).
  const activeOption = active >= 0 && active < options.length ? active : -1;

  return (
    <form
      ref={formRef}
      role="search"
      className="search-field"
      onSubmit={submit}
      aria-labelledby={labelId}
      onBlur={(event) => {
        if (!formRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <span id={labelId} className="visually-hidden">
        Search products
      </span>
      <label className="visually-hidden" htmlFor={`${idPrefix}-type`}>
        Search in
      </label>
      <select
        id={`${idPrefix}-type`}
        value={type}
        onChange={(e) => searchFieldStore.set({ term, type: e.target.value })}
      >
        <option value="all">All</option>
        <optgroup label="Categories">
          {menu.data?.categories.map((c) => (
            <option key={c.slug} value={`c:${c.slug}`}>
              {c.name}
            </option>
          ))}
        </optgroup>
        <optgroup label="Brands">
          {menu.data?.brands.map((b) => (
            <option key={b.slug} value={`b:${b.slug}`}>
              {b.name}
            </option>
          ))}
        </optgroup>
      </select>
      <div className="search-combo">
        <label className="visually-hidden" htmlFor={`${idPrefix}-term`}>
          Search term
        </label>
        <input
          id={`${idPrefix}-term`}
          type="search"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && activeOption >= 0 ? `${listId}-${activeOption}` : undefined}
          placeholder="Search by part number or keyword"
          value={term}
          onChange={(e) => {
            searchFieldStore.set({ type, term: e.target.value });
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => setOpen(true)}
          onClick={() => setOpen(true)}
          onKeyDown={onKeyDown}
          autoComplete="off"
          enterKeyHint="search"
          maxLength={100}
          ref={termInput}
        />
        <ul
          id={listId}
          role="listbox"
          className="search-suggestions"
          hidden={!expanded}
          aria-label={typed ? 'Suggestions' : 'Recent searches'}
        >
          {!typed && expanded && (
            <li role="presentation" className="search-suggestions-title">
              Recent searches
            </li>
          )}
          {options.map((option, i) => (
            <li
              key={`${option.kind}:${option.label}:${i}`}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === activeOption}
              className={`search-option search-option-${option.kind}`}
              // Keeps focus in the field so the click lands before the popup closes.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(option)}
            >
              <span>{option.label}</span>
              {option.kind === 'product' && <span className="search-option-detail">{option.detail}</span>}
              {option.kind === 'recent' && (option.recent.categorySelected || option.recent.brandSelected) && (
                <span className="search-option-detail">in {nameOf(menu.data, option.recent)}</span>
              )}
            </li>
          ))}
        </ul>
      </div>
      <button type="submit" className="icon-button search-submit" aria-label="Search">
        <SearchIcon />
      </button>
    </form>
  );
}

function nameOf(menu: ReturnType<typeof useCatalogMenu>['data'], recent: RecentSearch) {
  if (recent.categorySelected)
    return menu?.categories.find((c) => c.slug === recent.categorySelected)?.name ?? recent.categorySelected;
  return menu?.brands.find((b) => b.slug === recent.brandSelected)?.name ?? recent.brandSelected;
}
