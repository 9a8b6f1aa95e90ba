import { useState } from 'react';
import { Link } from 'react-router';
import type { CheckoutLine, SubscriptionLine } from '@portal/contracts';
import { DURATION_LABELS } from '@portal/contracts/plans';
import { alerts } from '../../components/alerts.ts';
import { LazyImage } from '../../components/LazyImage.tsx';
import { QuantityStepper } from '../../components/QuantityStepper.tsx';
import { formatMoney } from '@portal/contracts/format';
import { freeGroundNote } from '@portal/contracts/checkout-rules';
import { openSelectBusiness } from '../business/index.ts';
import { productPath } from '../catalog/index.ts';
import { Availability, Price } from '../product/index.ts';
import { LoadError } from '../../components/LoadError.tsx';
import { useCart, useCartAccess, useCartLineChanges, useSubscriptionLines } from './api.ts';
import './cart.css';

/** The subscription checkout (issue 30 item 3): the plan lines are paid there, apart from the products. */
const PURCHASE_SERVICE_PATH = '/cart/checkout/subscriptions';

/** /cart: the lines of the open cart at the session's prices, their quantities and the subtotal. */
export default function CartPage() {
  const access = useCartAccess();
  const cart = useCart();
  const checkout = cart.data?.checkout ?? null;

  return (
    <div className="page cart-page">
      <h1>Cart</h1>
      {!access.planBuyer ? (
        <div className="empty-state">
          <h2>No cart for this account</h2>
          <p>{access.planRefusal}</p>
          <p>
            <Link to="/search">Browse products</Link> to see prices and availability.
          </p>
        </div>
      ) : access.needsBusiness ? (
        <div className="empty-state">
          <h2>Select a business to start a cart</h2>
          <p>A cart belongs to the business you buy for.</p>
          <button type="button" className="button button-primary" onClick={openSelectBusiness}>
            Select Business
          </button>
        </div>
      ) : cart.isError ? (
        <LoadError what="your cart" onRetry={() => void cart.refetch()} />
      ) : cart.isPending ? (
        <div aria-busy="true" aria-label="Cart loading">
          <div className="skeleton cart-skeleton" />
          <div className="skeleton cart-skeleton" />
        </div>
      ) : !checkout || (checkout.lines.length === 0 && !checkout.subscriptionLines?.length) ? (
        <div className="empty-state">
          <h2>Your cart is empty</h2>
          {/* A consumer buys plans only (spec 02 §1): products come through a dealer. */}
          {!access.buyer ? (
            <p>
              Need a plan for your device? <Link to="/subscriptions">See the pricing plans</Link> or{' '}
              <Link to="/subscriptions/plans">choose a plan for your device</Link>.
            </p>
          ) : (
            <>
              <p>
                <Link to="/search">Search products</Link> and add them from their page, or use{' '}
                <Link to="/search?qo=1">Quick order</Link> to add many at once.
              </p>
              <p>
                Need a plan for a device? <Link to="/subscriptions">See the pricing plans</Link>.
              </p>
            </>
          )}
        </div>
      ) : checkout.lines.length === 0 ? (
        <SubscriptionLines lines={checkout.subscriptionLines ?? []} withPurchase />
      ) : (
        <div className="cart-layout">
          <section aria-label="Items">
            <ul className="cart-lines">
              {checkout.lines.map((line) => (
                <CartLineItem key={line.id} token={checkout.token} line={line} />
              ))}
            </ul>
            {checkout.subscriptionLines?.length ? <SubscriptionLines lines={checkout.subscriptionLines} /> : null}
          </section>
          <aside className="cart-summary" aria-label="Summary">
            <h2>Summary</h2>
            <dl>
              <dt>Buying for</dt>
              <dd>
                {checkout.businessPartner.companyName} ({checkout.businessPartner.sapBpCode})
              </dd>
              <dt>Items</dt>
              <dd>{checkout.quantity}</dd>
              <dt>Subtotal</dt>
              <dd className="cart-subtotal">{formatMoney(checkout.subtotal.cents)}</dd>
            </dl>
            <p className="muted small">Shipping and tax are added at checkout.</p>
            <p className="small free-ground">{freeGroundNote(checkout.subtotal.cents, formatMoney)}</p>
            <div className="cart-checkouts">
              <Link className="button button-primary" to="/cart/checkout/products">
                Check out
              </Link>
              {checkout.subscriptionLines?.length ? (
                <Link className="button button-secondary" to={PURCHASE_SERVICE_PATH}>
                  Purchase service
                </Link>
              ) : null}
            </div>
          </aside>
        </div>
      )}
    </div>
  );
}

function CartLineItem({ token, line }: { token: string; line: CheckoutLine }) {
  const { update, remove } = useCartLineChanges(token);
  // A refused change puts the field back to what the cart holds (a new stepper, its draft dropped).
  const [revision, setRevision] = useState(0);
  const { product } = line;
  const busy = update.isPending || remove.isPending;
  return (
    <li className="cart-line" aria-busy={busy || undefined}>
      {product.image ? (
        <LazyImage className="cart-line-image" src={product.image} alt="" width={96} height={96} />
      ) : (
        <span className="cart-line-image" aria-hidden="true" />
      )}
      <div className="cart-line-info">
        <Link className="cart-line-name" to={productPath(product.sku)}>
          {product.name}
        </Link>
        <p className="muted small">
          {product.brand.name} · {product.sku}
        </p>
        <Price product={product} />
        <Availability product={product} />
      </div>
      <div className="cart-line-actions">
        <QuantityStepper
          key={revision}
          label={`Quantity of ${product.sku}`}
          visibleLabel={false}
          value={line.quantity}
          disabled={busy}
          onChange={(quantity) =>
            update.mutate(
              { lineId: line.id, quantity },
              {
                onError: (error) => {
                  setRevision((r) => r + 1);
                  alerts.showError(error);
                },
              },
            )
          }
        />
        <p className="cart-line-total">
          <span className="visually-hidden">Line total </span>
          {formatMoney(line.total.cents)}
        </p>
        <button
          type="button"
          className="button-link"
          disabled={busy}
          aria-label={`Remove ${product.sku}`}
          onClick={() => remove.mutate(line.id, { onError: alerts.showError })}
        >
          Remove
        </button>
      </div>
    </li>
  );
}

/** issue 30 item 2: the plans for devices in the cart (device, plan, duration, price, remove); bought at their own checkout. */
function SubscriptionLines({ lines, withPurchase = false }: { lines: SubscriptionLine[]; withPurchase?: boolean }) {
  const { remove } = useSubscriptionLines();
  return (
    <section aria-labelledby="cart-subscriptions-title">
      <h2 id="cart-subscriptions-title">Plans</h2>
      <ul className="cart-subscriptions">
        {lines.map((line) => (
          <li key={line.id} className="cart-subscription">
            <div>
              <strong>{line.new_plan_name}</strong>, {DURATION_LABELS[line.newPricingPlan].toLowerCase()}
              <p className="muted small">
                Device {line.device_key} ({line.productName})
              </p>
            </div>
            <div>
              <p className="cart-line-total">
                <span className="visually-hidden">Price </span>
                {new Intl.NumberFormat('en-US', { style: 'currency', currency: line.currency }).format(
                  line.price.cents / 100,
                )}
              </p>
              <button
                type="button"
                className="button-link"
                disabled={remove.isPending}
                aria-label={`Remove the plan for ${line.device_key}`}
                onClick={() => remove.mutate(line.device_key, { onError: alerts.showError })}
              >
                Remove
              </button>
            </div>
          </li>
        ))}
      </ul>
      <p className="muted small">
        Plans are paid at their own checkout. <Link to="/subscriptions/plans">Add a plan for another device</Link>.
      </p>
      {withPurchase && (
        <Link className="button button-primary" to={PURCHASE_SERVICE_PATH}>
          Purchase service
        </Link>
      )}
    </section>
  );
}
