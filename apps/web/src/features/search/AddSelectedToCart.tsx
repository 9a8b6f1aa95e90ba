import { Link, useLocation } from 'react-router';
import { Button } from '../../components/Button.tsx';
import { useAddToCart, useCartAccess } from '../cart/index.ts';
import { clearQuickOrder, type QuickOrderLine } from './quickOrder.ts';

/**
 * The quick order's way into the cart: every selected product with its quantity in one call.
 * The selection empties once the cart holds it; a failed call keeps it (nothing is lost).
 */
export function AddSelectedToCart({ lines }: { lines: readonly QuickOrderLine[] }) {
  const { signedIn, buyer, refusal } = useCartAccess();
  const cart = useAddToCart();
  const location = useLocation();
  if (!signedIn)
    return (
      <Link
        className="button button-secondary"
        to={`/login?next=${encodeURIComponent(location.pathname + location.search)}`}
      >
        Sign in to order
      </Link>
    );
  if (!buyer) return <p className="muted small">{refusal}</p>;
  const forSale = lines.filter((line) => line.product.isAvailableForPurchase);
  return (
    <Button
      type="button"
      loading={cart.isPending}
      disabled={forSale.length === 0}
      onClick={() =>
        cart
          .add(forSale.map((line) => ({ variantId: line.product.id, quantity: line.quantity })))
          .then((checkout) => checkout && clearQuickOrder())
      }
    >
      Add selected to cart
    </Button>
  );
}
