import { useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { ProductDetail } from '@portal/contracts';
import { canPurchase } from '@portal/contracts/permissions';
import { useSession } from '../session/api.ts';
import { clampQuantity, MAX_ORDER_QUANTITY } from './productText.ts';

/**
 * Where a buyer orders. The cart arrives in a later issue: a buyer with purchasing rights (spec 01
 * §6) already chooses the quantity, and the disabled button says why it waits; a visitor is asked
 * to sign in and comes back here; a signed-in user without purchasing rights is told who grants them.
 */
export function BuyBox({ product }: { product: Pick<ProductDetail, 'caseQty'> }) {
  const session = useSession();
  const location = useLocation();
  if (session.isPending) return <div className="buy-box skeleton buy-box-skeleton" aria-hidden="true" />;
  const user = session.data?.user;
  if (!user) {
    const next = encodeURIComponent(`${location.pathname}${location.search}`);
    return (
      <div className="buy-box">
        <Link className="button button-primary buy-box-signin" to={`/login?next=${next}`}>
          Sign in to buy
        </Link>
        <p className="buy-box-note">Dealers and installers see their own price once signed in.</p>
      </div>
    );
  }
  if (!canPurchase(user)) {
    return (
      <div className="buy-box">
        <p className="buy-box-note">
          Your account does not have purchasing rights. Ask your dealer&rsquo;s owner to grant them.
        </p>
      </div>
    );
  }
  return <OrderForm caseQty={product.caseQty} />;
}

function OrderForm({ caseQty }: { caseQty: number }) {
  const id = useId();
  // The field keeps what is typed; it becomes a whole number from 1 to the cap when it loses focus.
  const [draft, setDraft] = useState('1');
  const quantity = clampQuantity(draft);
  const step = (by: number) => setDraft(String(clampQuantity(quantity + by)));
  return (
    <form className="buy-box" onSubmit={(event) => event.preventDefault()} aria-label="Order">
      <div className="quantity-field">
        <label htmlFor={`${id}-qty`}>Quantity</label>
        <div className="quantity-stepper">
          <button
            type="button"
            className="quantity-step"
            aria-label="Decrease quantity"
            disabled={quantity <= 1}
            onClick={() => step(-1)}
          >
            &minus;
          </button>
          <input
            id={`${id}-qty`}
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_ORDER_QUANTITY}
            step={1}
            value={draft}
            aria-describedby={caseQty > 1 ? `${id}-case` : undefined}
            onChange={(event) => setDraft(event.target.value.replace(/[^\d]/g, '').slice(0, 4))}
            onBlur={() => setDraft(String(quantity))}
          />
          <button
            type="button"
            className="quantity-step"
            aria-label="Increase quantity"
            disabled={quantity >= MAX_ORDER_QUANTITY}
            onClick={() => step(1)}
          >
            +
          </button>
        </div>
        {caseQty > 1 && (
          <p id={`${id}-case`} className="quantity-hint">
            {`Units; a case holds ${caseQty}.`}
          </p>
        )}
      </div>
      <button type="submit" className="button button-primary" disabled aria-describedby={`${id}-note`}>
        Add to cart
      </button>
      <p id={`${id}-note`} className="buy-box-note">
        Online ordering is coming soon: the cart is not open yet.
      </p>
    </form>
  );
}
