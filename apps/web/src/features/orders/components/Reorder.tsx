import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Order, ReorderOutcome } from '@portal/contracts/orders';
import { countOf } from '@portal/contracts/format';
import { Button } from '../../../components/Button.tsx';
import { alerts } from '../../../components/alerts.ts';
import { useReorder } from '../api.ts';
import { ORDERS_PAGE_TEXTS } from '../orderTexts.ts';

/**
 * Reorder: the order's lines back in the cart at today's prices. The answer is told where the button is:
 * what was added (a status), and each line left out with the server's reason (an alert), with the way to
 * the cart. A failed call goes to the alert bar (spec 01 §8). `children`: the other actions, beside it.
 */
export function Reorder({ order, children }: { order: Order; children?: ReactNode }) {
  const reorder = useReorder();
  const [outcome, setOutcome] = useState<ReorderOutcome | null>(null);

  const run = async () => {
    setOutcome(null);
    try {
      const answer = await reorder.mutateAsync(order.id);
      setOutcome({ added: answer.added, notAdded: answer.notAdded });
    } catch (error) {
      alerts.showError(error);
      throw error;
    }
  };

  return (
    <div className="order-actions">
      <div className="button-row">
        <Button onClick={run}>Reorder</Button>
        {children}
      </div>
      {/* Always there, so what it gains is read out (a live region added with its text may not be). */}
      <div className="reorder-outcome" role="status">
        {outcome && <ReorderAdded order={order} added={outcome.added} />}
      </div>
      {outcome && outcome.notAdded.length > 0 && (
        <div className="alert alert-warning reorder-refused" role="alert">
          <div className="alert-content">
            <p>{outcome.added.length ? ORDERS_PAGE_TEXTS.reorderNotAdded : ORDERS_PAGE_TEXTS.reorderNothingAdded}</p>
            <ul>
              {outcome.notAdded.map((line) => (
                <li key={line.sku}>
                  <strong>{line.name}</strong> ({line.sku}): {line.detail}
                </li>
              ))}
            </ul>
          </div>
        </div>
      )}
    </div>
  );
}

function ReorderAdded({ order, added }: { order: Order; added: string[] }) {
  if (added.length === 0) return null;
  const nameOf = (sku: string) => order.lines.find((line) => line.sku === sku)?.productName;
  return (
    <div className="alert alert-success reorder-added">
      <div className="alert-content">
        <p>
          {ORDERS_PAGE_TEXTS.reorderAdded} {countOf(added.length, 'product')}.
        </p>
        <ul>
          {added.map((sku) => (
            <li key={sku}>
              {nameOf(sku) ? (
                <>
                  <strong>{nameOf(sku)}</strong> ({sku})
                </>
              ) : (
                sku
              )}
            </li>
          ))}
        </ul>
        <p>
          <Link to="/cart">View cart</Link>
        </p>
      </div>
    </div>
  );
}
