import { useState } from 'react';
import { Link } from 'react-router';
import { LoadError } from '../../components/LoadError.tsx';
import { openSelectBusiness } from '../business/index.ts';
import { useCartAccess } from '../cart/index.ts';
import { useOpenCart } from './api.ts';
import { CheckoutForm } from './CheckoutForm.tsx';
import './checkout.css';

/** /cart/checkout/products, Purchase Products (spec 02 §2, §4): the B2B product checkout of the open cart. */
export default function CheckoutPage() {
  const access = useCartAccess();
  const cart = useOpenCart();
  const checkout = cart.data?.checkout ?? null;
  // Once placed, the emptied cart is not shown while the confirmation opens.
  const [placed, setPlaced] = useState(false);

  return (
    <div className="page checkout-page">
      <h1>Purchase Products</h1>
      {placed ? (
        <p className="centered-status" role="status">
          Order placed. Opening your confirmation…
        </p>
      ) : !access.buyer ? (
        <div className="empty-state">
          <h2>No checkout for this account</h2>
          <p>{access.refusal}</p>
        </div>
      ) : access.needsBusiness ? (
        <div className="empty-state">
          <h2>Select a business to check out</h2>
          <p>An order belongs to the business you buy for.</p>
          <button type="button" className="button button-primary" onClick={openSelectBusiness}>
            Select Business
          </button>
        </div>
      ) : cart.isError ? (
        <LoadError what="your cart" onRetry={() => void cart.refetch()} />
      ) : cart.isPending ? (
        <div aria-busy="true" aria-label="Checkout loading">
          <div className="checkout-skeleton" />
          <div className="checkout-skeleton" />
        </div>
      ) : !checkout || checkout.lines.length === 0 ? (
        <div className="empty-state">
          <h2>Your cart is empty</h2>
          <p>
            There is nothing to check out yet. <Link to="/search">Search products</Link> and add them to your cart, or
            use <Link to="/search?qo=1">Quick order</Link> to add many at once.
          </p>
        </div>
      ) : (
        <CheckoutForm key={checkout.token} checkout={checkout} onPlaced={() => setPlaced(true)} />
      )}
    </div>
  );
}
