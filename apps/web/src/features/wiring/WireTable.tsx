import type { Wire } from '@portal/contracts';

/**
 * A wiring sheet. A table on wide screens; below 741 px each wire stacks into a card of
 * labelled lines (CSS), so a 360 px phone never scrolls sideways and the colour stays beside
 * the function it belongs to.
 */
export function WireTable({ wires, caption }: { wires: readonly Wire[]; caption: string }) {
  return (
    <table className="wire-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Wire function</th>
          <th scope="col">Colour</th>
          <th scope="col">Location</th>
          <th scope="col">Polarity</th>
          <th scope="col">Notes</th>
        </tr>
      </thead>
      <tbody>
        {wires.map((wire, i) => (
          <tr key={`${wire.function}-${i}`}>
            <th scope="row" data-label="Wire function">
              {wire.function}
            </th>
            <td data-label="Colour">
              <WireColour colour={wire.color} />
            </td>
            <td data-label="Location">{wire.location || '—'}</td>
            <td data-label="Polarity">{wire.polarity || '—'}</td>
            <td data-label="Notes">{wire.notes || '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const SWATCHES: Record<string, string> = {
  black: '#111',
  white: '#fff',
  red: '#c62828',
  green: '#2e7d32',
  blue: '#1565c0',
  yellow: '#f9d71c',
  orange: '#ef6c00',
  brown: '#6d4c41',
  purple: '#6a1b9a',
  violet: '#6a1b9a',
  pink: '#ec407a',
  gray: '#9e9e9e',
  grey: '#9e9e9e',
  tan: '#d2b48c',
  'light blue': '#64b5f6',
  'light green': '#81c784',
  'dark blue': '#0d47a1',
  'dark green': '#1b5e20',
};

/** "Red/White" shows a red swatch with a white stripe beside the words (the words carry the meaning). */
function WireColour({ colour }: { colour: string }) {
  const [base, stripe] = colour
    .toLowerCase()
    .split('/')
    .map((c) => c.trim());
  const baseHex = base ? SWATCHES[base] : undefined;
  const stripeHex = stripe ? SWATCHES[stripe] : undefined;
  return (
    <span className="wire-colour">
      {baseHex && (
        <span
          className="wire-swatch"
          aria-hidden="true"
          style={{
            background: stripeHex
              ? `linear-gradient(135deg, ${baseHex} 0 40%, ${stripeHex} 40% 60%, ${baseHex} 60%)`
              : baseHex,
          }}
        />
      )}
      {colour}
    </span>
  );
}
