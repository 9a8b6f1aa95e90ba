import { useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { ProductDetail } from '@portal/contracts';
import { CART_TEXTS } from '@portal/contracts/cart-rules';
import { canPurchase } from '@portal/contracts/permissions';
import { Button } from '../../components/Button.tsx';
import { QuantityStepper } from '../../components/QuantityStepper.tsx';
import { useSession } from '../session/index.ts';
import { noPurchaseText, useAddToCart } from '../cart/index.ts';

type Buyable = Pick<ProductDetail, 'id' | 'caseQty' | 'isAvailableForPurchase'>;

/**
 * Where a buyer orders. A buyer with purchasing rights (spec 01 §6) chooses the quantity and adds
 * it to the cart (a sales rep without a business is asked to select one first); a visitor is asked
 * to sign in and comes back here; a signed-in user without purchasing rights is told why, in their own terms
 * (dealer staff: who grants them; a consumer: that products come through a dealer, spec 02 §1).
 */
export function BuyBox({ product }: { product: Buyable }) {
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
        <p className="buy-box-note">{noPurchaseText(user)}</p>
      </div>
    );
  }
  return <OrderForm product={product} />;
}

function OrderForm({ product: { id: productId, caseQty, isAvailableForPurchase } }: { product: Buyable }) {
  const id = useId();
  const cart = useAddToCart();
  const [quantity, setQuantity] = useState(1);
  return (
    <form
      className="buy-box"
      aria-label="Order"
      onSubmit={(event) => {
        event.preventDefault();
        // The alert bar says how it went.
        cart.add([{ variantId: productId, quantity }]).catch(() => undefined);
      }}
    >
      <QuantityStepper
        label="Quantity"
        value={quantity}
        onChange={setQuantity}
        hint={caseQty > 1 ? `Units; a case holds ${caseQty}.` : undefined}
      />
      <Button
        type="submit"
        loading={cart.isPending}
        disabled={!isAvailableForPurchase}
        aria-describedby={isAvailableForPurchase ? undefined : `${id}-note`}
      >
        Add to cart
      </Button>
      {!isAvailableForPurchase && (
        <p id={`${id}-note`} className="buy-box-note">
          {CART_TEXTS.notForSale}
        </p>
      )}
    </form>
  );
}
