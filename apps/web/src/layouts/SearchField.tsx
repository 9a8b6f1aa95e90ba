import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useCatalogMenu } from '../features/catalog/api.ts';
import { SearchIcon } from '../components/icons.tsx';

/**
 * Top-bar product search (spec 01 §2.4): a type dropdown (all, a category, a brand) and a term.
 * Submitting goes to /search with query parameters; the search screen owns the rest.
 */
export function SearchField({ idPrefix, autoFocus }: { idPrefix: string; autoFocus?: boolean }) {
  const navigate = useNavigate();
  const menu = useCatalogMenu();
  const [type, setType] = useState('all');
  const [term, setTerm] = useState('');
  const labelId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const params = new URLSearchParams();
    if (term.trim()) params.set('s', term.trim());
    const [kind, slug] = type.split(':');
    if (kind === 'c' && slug) params.set('c', slug);
    if (kind === 'b' && slug) params.set('b', slug);
    void navigate(`/search${params.size ? `?${params}` : ''}`);
  };

  return (
    <form role="search" className="search-field" onSubmit={submit} aria-labelledby={labelId}>
      <span id={labelId} className="visually-hidden">
        Search products
      </span>
      <label className="visually-hidden" htmlFor={`${idPrefix}-type`}>
        Search in
      </label>
      <select id={`${idPrefix}-type`} value={type} onChange={(e) => setType(e.target.value)}>
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
      <label className="visually-hidden" htmlFor={`${idPrefix}-term`}>
        Search term
      </label>
      <input
        id={`${idPrefix}-term`}
        type="search"
        placeholder="Search by part number or keyword"
        value={term}
        onChange={(e) => setTerm(e.target.value)}
        autoComplete="off"
        enterKeyHint="search"
        // Opened on purpose from the mobile search button.
        autoFocus={autoFocus}
      />
      <button type="submit" className="icon-button search-submit" aria-label="Search">
        <SearchIcon />
      </button>
    </form>
  );
}
