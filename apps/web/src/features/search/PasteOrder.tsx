import { useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { AddPastedResponse, PastedLineResult } from '@portal/contracts';
import {
  MAX_PASTED_LINES,
  PASTED_ORDER_TEXTS,
  isAddable,
  parsePastedOrder,
  type UnreadableRow,
} from '@portal/contracts/pasted-order';
import { MAX_LINE_QUANTITY } from '@portal/contracts/constants';
import { countOf, formatMoney } from '@portal/contracts/format';
import { Button } from '../../components/Button.tsx';
import { alertLinesFor } from '../../lib/errors.ts';
import { useAttemptKey } from '../../lib/uuid.ts';
import { openSelectBusiness } from '../business/index.ts';
import { useCartAccess, usePastedOrder } from '../cart/index.ts';
import { QuickOrderGrid, QuickOrderRow } from './QuickOrderRows.tsx';

/** A reviewed line: what the server found, with the quantity the buyer may still change and whether it is wanted. */
type ReviewLine = PastedLineResult & { included: boolean };

/** The status of a line whose quantity the buyer changed: a known product for sale, by its stock and the cap. */
function withQuantity(line: ReviewLine, quantity: number): ReviewLine {
  if (line.status === 'unknown' || line.status === 'notForSale' || !line.product) return { ...line, quantity };
  const status = quantity > MAX_LINE_QUANTITY ? 'tooMany' : line.product.isAvailable ? 'inStock' : 'backorder';
  return { ...line, quantity, status };
}

const units = (lines: readonly ReviewLine[]) => lines.reduce((sum, line) => sum + line.quantity, 0);

/**
 * Quick order from a pasted list (issue 33 item 3): a box for lines copied from a spreadsheet or an e-mail, read by
 * contracts' `parsePastedOrder`; the server says what each SKU is for this business (price, stock, whether it may
 * be bought); the review lets the buyer change quantities and lists what cannot be added; then every line that can
 * be bought goes into the cart in one call.
 */
export function PasteOrder() {
  const { signedIn, buyer, refusal } = useCartAccess();
  const location = useLocation();
  const { match, add, needsBusiness } = usePastedOrder();
  const attempt = useAttemptKey();
  const [text, setText] = useState('');
  const [unreadable, setUnreadable] = useState<UnreadableRow[]>([]);
  const [review, setReview] = useState<ReviewLine[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<AddPastedResponse | null>(null);
  const boxId = useId();
  const hintId = useId();
  const problemId = useId();

  if (!signedIn)
    return (
      <div className="empty-state">
        <h2>Sign in to order from a list</h2>
        <Link
          className="button button-secondary"
          to={`/login?next=${encodeURIComponent(location.pathname + location.search)}`}
        >
          Sign in to order
        </Link>
      </div>
    );
  if (!buyer) return <p className="muted">{refusal}</p>;

  async function check(event: React.FormEvent) {
    event.preventDefault();
    setResult(null);
    if (needsBusiness) return openSelectBusiness();
    const parsed = parsePastedOrder(text);
    setUnreadable(parsed.unreadable);
    if (parsed.lines.length === 0) return setProblem(PASTED_ORDER_TEXTS.nothingPasted);
    if (parsed.lines.length > MAX_PASTED_LINES) return setProblem(PASTED_ORDER_TEXTS.tooMany);
    setProblem(null);
    try {
      const answer = await match.mutateAsync(parsed.lines.map(({ sku, quantity }) => ({ sku, quantity })));
      setReview(answer.lines.map((line) => ({ ...line, included: true })));
    } catch (error) {
      setProblem(alertLinesFor(error).join(' '));
    }
  }

  const addable = (review ?? []).filter((line) => line.included && isAddable(line.status));
  const notAdded = (review ?? []).filter((line) => !isAddable(line.status));
  const change = (sku: string, next: (line: ReviewLine) => ReviewLine) =>
    setReview((lines) => lines && lines.map((line) => (line.sku === sku ? next(line) : line)));

  async function addAll() {
    const lines = addable.map(({ sku, quantity }) => ({ sku, quantity }));
    const key = attempt.keyFor(JSON.stringify(lines));
    try {
      const answer = await add.mutateAsync({ lines, key });
      attempt.forget();
      setResult(answer);
      setReview(null);
      setText('');
      setUnreadable([]);
    } catch (error) {
      setProblem(alertLinesFor(error).join(' '));
    }
  }

  return (
    <div className="paste-order">
      {/* One live region for what happened: the review's summary, the result, or why not. */}
      <div className="paste-order-status" role="status" aria-live="polite">
        {result ? (
          <p className="paste-order-result">
            {`Added ${countOf(result.addedLines, 'line')} (${countOf(result.addedUnits, 'item')}) to your cart.`}{' '}
            <Link to="/cart">View cart</Link> · <Link to="/cart/checkout/products">Check out</Link>
          </p>
        ) : review ? (
          <p>
            {countOf(addable.length, 'line')} ready to add
            {notAdded.length + unreadable.length > 0 &&
              ` · ${countOf(notAdded.length + unreadable.length, 'line')} to fix`}
          </p>
        ) : null}
      </div>
      {problem && (
        <p className="field-error" id={problemId} role="alert">
          {problem}
        </p>
      )}

      {review === null ? (
        <form className="paste-order-form" onSubmit={(event) => void check(event)}>
          <label htmlFor={boxId}>Paste SKUs and quantities</label>
          <p id={hintId} className="muted small">
            One product per line, as copied from a spreadsheet or an e-mail: “NW-RS-100 2”, “NW-RS-100, 2”, “2 x
            NW-RS-100”. No quantity means 1; up to {MAX_PASTED_LINES} SKUs.
          </p>
          <textarea
            id={boxId}
            rows={10}
            value={text}
            spellCheck={false}
            autoCapitalize="characters"
            aria-describedby={problem ? `${hintId} ${problemId}` : hintId}
            aria-invalid={problem ? true : undefined}
            onChange={(event) => setText(event.target.value)}
          />
          <div>
            <Button type="submit" loading={match.isPending}>
              Check list
            </Button>
          </div>
        </form>
      ) : (
        <>
          {(notAdded.length > 0 || unreadable.length > 0) && (
            <section className="paste-order-problems" aria-labelledby={`${boxId}-fix`}>
              <h3 id={`${boxId}-fix`}>Not added: check these lines</h3>
              <ul>
                {unreadable.map((row) => (
                  <li key={`row-${row.row}`}>
                    Line {row.row}: “{row.text}” has no SKU and whole quantity we can read
                  </li>
                ))}
                {notAdded
                  .filter((line) => line.status !== 'tooMany')
                  .map((line) => (
                    <li key={line.sku}>
                      <strong>{line.sku}</strong>: {PASTED_ORDER_TEXTS.status[line.status]}
                      {line.product && ` (${line.product.name})`}
                    </li>
                  ))}
              </ul>
              <button type="button" className="button-link" onClick={() => setReview(null)}>
                Edit the list
              </button>
            </section>
          )}
          <QuickOrderGrid label="Lines found">
            {(review ?? [])
              .filter((line) => line.product && line.status !== 'notForSale')
              .map((line) => (
                <QuickOrderRow
                  key={line.sku}
                  product={line.product!}
                  selected={line.included}
                  onSelect={(included) => change(line.sku, (l) => ({ ...l, included }))}
                  quantity={line.quantity}
                  onQuantity={(value) => {
                    const n = Math.floor(Number(value));
                    if (Number.isFinite(n) && n >= 1) change(line.sku, (l) => withQuantity(l, n));
                  }}
                  availability={
                    <span className={line.status === 'backorder' ? 'stock-out' : undefined}>
                      {PASTED_ORDER_TEXTS.status[line.status]}
                    </span>
                  }
                  invalid={line.status === 'tooMany'}
                />
              ))}
          </QuickOrderGrid>
          <div className="paste-order-actions">
            <Button type="button" loading={add.isPending} disabled={addable.length === 0} onClick={() => void addAll()}>
              {`Add ${countOf(units(addable), 'item')} to cart`}
            </Button>
            <button type="button" className="button-link" onClick={() => setReview(null)}>
              Edit the list
            </button>
            <span className="muted">
              {formatMoney(addable.reduce((sum, line) => sum + line.quantity * line.product!.price.cents, 0))}
            </span>
          </div>
        </>
      )}
    </div>
  );
}
