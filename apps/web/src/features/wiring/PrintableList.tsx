import { useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';

export interface PrintableItem {
  id: string;
  title: string;
  body: ReactNode;
}

/**
 * Printable items with a checkbox each and the bulk actions of spec 01 §2.6: Print selected and
 * Print all. The print stylesheet (wiring.css) hides the controls and the unselected items,
 * borders the tables and starts each item on a new page.
 */
export function PrintableList({ items, initiallySelected }: { items: PrintableItem[]; initiallySelected?: string[] }) {
  const [selected, setSelected] = useState<Set<string>>(
    () => new Set(initiallySelected?.length ? initiallySelected : items.map((i) => i.id)),
  );
  const [printingAll, setPrintingAll] = useState(false);
  const print = (all: boolean) => {
    // The page must show what is printed before the print dialog takes its picture.
    flushSync(() => setPrintingAll(all));
    window.print();
    setPrintingAll(false);
  };
  const isPrinted = (item: PrintableItem) => printingAll || selected.has(item.id);
  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <>
      <div className="print-toolbar" role="group" aria-label="Print">
        <button
          type="button"
          className="button button-primary"
          disabled={selected.size === 0}
          onClick={() => print(false)}
        >
          Print selected ({selected.size})
        </button>
        <button type="button" className="button button-secondary" onClick={() => print(true)}>
          Print all
        </button>
        <button
          type="button"
          className="button button-link"
          onClick={() => setSelected(selected.size === items.length ? new Set() : new Set(items.map((i) => i.id)))}
        >
          {selected.size === items.length ? 'Select none' : 'Select all'}
        </button>
      </div>
      <ul className="print-items">
        {items.map((item, i) => (
          <li
            key={item.id}
            className={`print-item${isPrinted(item) ? '' : ' is-unselected'}${
              // Each printed item after the first starts a page; CSS cannot skip the hidden ones.
              isPrinted(item) && items.slice(0, i).some(isPrinted) ? ' print-page-start' : ''
            }`}
            aria-labelledby={`print-${item.id}`}
          >
            <label className="checkbox">
              <input type="checkbox" checked={selected.has(item.id)} onChange={() => toggle(item.id)} />
              Include “{item.title}”
            </label>
            <h2 id={`print-${item.id}`}>{item.title}</h2>
            {item.body}
          </li>
        ))}
      </ul>
    </>
  );
}
