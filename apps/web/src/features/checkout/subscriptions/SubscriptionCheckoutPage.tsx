import { useId, useRef, useState, type Ref } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { Purchase, SubscriptionLine } from '@portal/contracts';
import { can, isConsumer } from '@portal/contracts/permissions';
import { DURATION_LABELS } from '@portal/contracts/plans';
import { SUBSCRIPTION_TEXTS, type FailedCartItem } from '@portal/contracts/subscriptions';
import { Button } from '../../../components/Button.tsx';
import { FormLayout, ProblemAlert } from '../../../components/FormLayout.tsx';
import { LoadError } from '../../../components/LoadError.tsx';
import { alerts } from '../../../components/alerts.ts';
import { alertLinesFor } from '../../../lib/errors.ts';
import { AddCardForm } from '../../billing/index.ts';
import { openSelectBusiness } from '../../business/index.ts';
import { useCartAccess, useSubscriptionLines } from '../../cart/index.ts';
import { usePriceScope } from '../../catalog/index.ts';
import { formatPlanMoney } from '../../plans/index.ts';
import { useSession } from '../../session/index.ts';
import { paymentOptionsQuery, useOpenCart } from '../api.ts';
import { PaymentSection } from '../components/PaymentSection.tsx';
import { paymentOptionsOf, type PaymentOption } from '../paymentOptions.ts';
import { quoteQuery, type LineItem } from './api.ts';
import { PurchaseTotals } from './PurchaseTotals.tsx';
import { failedItemsOf, usePurchase } from './usePurchase.ts';
import '../checkout.css';
import './subscriptions.css';

const TITLE = 'Purchase Service';

/**
 * /cart/checkout/subscriptions, Purchase Service (spec 02 §2; issue 30 item 3): the plan lines of the open cart,
 * priced by the mock run (POST /api/payments validate=true) whenever they change, paid with a saved card or verified
 * bank account of the business. Failed lines are shown on their line by device_key (spec 02 §3, §8).
 */
export default function SubscriptionCheckoutPage() {
  const access = useCartAccess();
  const cart = useOpenCart();
  const lines = cart.data?.checkout?.subscriptionLines ?? [];
  // Once paid, the emptied cart is not shown while the receipt opens.
  const [paid, setPaid] = useState(false);

  return (
    <div className="page checkout-page subscription-checkout">
      <h1>{TITLE}</h1>
      {paid ? (
        <p className="centered-status" role="status">
          Paid. Opening your receipt…
        </p>
      ) : !access.planBuyer ? (
        <div className="empty-state">
          <h2>Plans are bought by your business’s purchasers</h2>
          <p>{access.planRefusal}</p>
        </div>
      ) : access.needsBusiness ? (
        <div className="empty-state">
          <h2>Select a business to buy plans</h2>
          <p>A plan is bought by the business whose device it is for.</p>
          <button type="button" className="button button-primary" onClick={openSelectBusiness}>
            Select Business
          </button>
        </div>
      ) : cart.isError ? (
        <LoadError what="your cart" onRetry={() => void cart.refetch()} />
      ) : cart.isPending ? (
        <div aria-busy="true" aria-label="Checkout loading">
          <div className="checkout-skeleton" />
        </div>
      ) : lines.length === 0 ? (
        <div className="empty-state">
          <h2>No plans in your cart</h2>
          <p>
            Choose a plan for a device first: <Link to="/subscriptions">see the pricing plans</Link>, or{' '}
            <Link to="/subscriptions/plans">choose a plan for a device</Link>. Then come back here to pay.
          </p>
          <p>
            <Link to="/cart">Back to cart</Link>
          </p>
        </div>
      ) : (
        <PurchaseForm lines={lines} onPaid={() => setPaid(true)} />
      )}
    </div>
  );
}

/** The cards and verified bank accounts of the business (plans are not bought on terms or on delivery). */
function useMethods(sapBpCode: string, canManage: boolean) {
  const methods = useQuery(paymentOptionsQuery(sapBpCode));
  const options = methods.data ? paymentOptionsOf({ ...methods.data, gateways: [] }, { canManage }) : undefined;
  return { methods, options };
}

function PurchaseForm({ lines, onPaid }: { lines: SubscriptionLine[]; onPaid: () => void }) {
  const { data: session } = useSession();
  const user = session?.user ?? null;
  const sapBpCode = session?.selectedBusiness?.sapBpCode ?? '';
  const canManage = user !== null && can({ user, hasSelectedBusiness: true }, 'billing');
  // A consumer has no Billing page: the card that pays for their plans is added here, on their own account.
  const addsCardHere = user !== null && !canManage && isConsumer(user);
  const defaultCountry = session?.site === 'ca' ? 'CA' : 'US';
  const scope = usePriceScope();
  const items: LineItem[] = lines.map(({ device_key, plan_id, newPricingPlan }) => ({
    device_key,
    plan_id,
    newPricingPlan,
  }));
  const quote = useQuery(quoteQuery(scope, items));
  const { methods, options } = useMethods(sapBpCode, canManage);
  const purchase = usePurchase({ onQuoteChanged: () => void quote.refetch(), onPaid });

  const [picked, setPicked] = useState<string | null>(null);
  const usable = options?.filter((option) => option.unusable === null) ?? [];
  const main = usable.find((option) => option.isMain) ?? usable[0] ?? null;
  const selected = picked ?? main?.value ?? null;

  // A line that can not be bought: from the mock run, or from Pay (the server checks again).
  const failed = failedItemsOf(quote.error) ?? purchase.failedFor(items) ?? [];
  const failedOf = (deviceKey: string) => failed.find((item) => item.device_key === deviceKey) ?? null;
  const quoted = quote.isError ? null : (quote.data ?? null);
  const working = quote.isFetching;

  const choose = (option: PaymentOption) => {
    setPicked(option.value);
    purchase.methodChosen();
  };

  return (
    <>
      <p className="muted checkout-buyer">
        Buying for {session?.selectedBusiness?.companyName} ({sapBpCode})
      </p>
      <FormLayout
        className="checkout-layout"
        summaryTitle="Summary"
        summary={
          <Summary
            quote={quoted}
            working={working}
            quoteError={quote.isError && failed.length === 0 ? quote.error : null}
            onRetryQuote={() => void quote.refetch()}
            failedCount={failed.length}
            changed={purchase.changed}
            problem={purchase.problem}
            problemRef={purchase.problemRef}
            busy={purchase.busy}
            canPay={!!quoted && !working && failed.length === 0 && !!selected}
            onPay={() => void purchase.pay(items, quoted?.quote, selected)}
          />
        }
      >
        <PlanLines lines={lines} quote={quoted} failedOf={failedOf} disabled={purchase.busy} />
        {options && options.length === 0 ? (
          <fieldset className="form-section">
            <legend>
              <h2 className="form-section-title">Payment</h2>
            </legend>
            <p>
              {addsCardHere
                ? 'Add a card to pay for your plans.'
                : 'Your business has no card or verified bank account to pay with.'}
            </p>
            <div className="checkout-note">
              {addsCardHere ? (
                <AddCardButton defaultCountry={defaultCountry} />
              ) : canManage ? (
                <Link to="/billing">Add a card or bank account under Billing</Link>
              ) : (
                'Ask the owner or the accountant to add one under Billing.'
              )}
            </div>
          </fieldset>
        ) : (
          <PaymentSection
            options={options}
            loadFailed={methods.isError}
            onRetryLoad={() => void methods.refetch()}
            selected={selected}
            problem={purchase.methodProblem}
            problemRef={purchase.methodProblemRef}
            disabled={purchase.busy}
            canAddCard={canManage}
            onChoose={choose}
          />
        )}
        {addsCardHere && options && options.length > 0 && (
          <div className="checkout-note">
            <AddCardButton defaultCountry={defaultCountry} />
          </div>
        )}
      </FormLayout>
    </>
  );
}

/** Add a card (billing's form in its dialog); the ways to pay are asked again once it is saved. */
function AddCardButton({ defaultCountry }: { defaultCountry: 'US' | 'CA' }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Add a card
      </Button>
      {open && <AddCardForm defaultCountry={defaultCountry} onClose={() => setOpen(false)} />}
    </>
  );
}

/** The plan lines: device, model, plan, term, price and credit (from the mock run), and a failed line's detail. */
function PlanLines({
  lines,
  quote,
  failedOf,
  disabled,
}: {
  lines: SubscriptionLine[];
  quote: Purchase | null;
  failedOf: (deviceKey: string) => FailedCartItem | null;
  disabled: boolean;
}) {
  const { remove } = useSubscriptionLines();
  const id = useId();
  // The Remove pressed goes with its line: the focus goes to the lines' heading, not to the page's start.
  const headingRef = useRef<HTMLHeadingElement>(null);
  return (
    <section className="form-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} ref={headingRef} className="form-section-title" tabIndex={-1}>
        Plans
      </h2>
      <ul className="plan-lines">
        {lines.map((line) => {
          const priced = quote?.line_items.find((item) => item.device_key === line.device_key) ?? null;
          const currency = quote?.currency ?? line.currency;
          const failure = failedOf(line.device_key);
          const detailId = `${id}-${line.device_key}-failure`;
          return (
            <li
              key={line.id}
              className={`plan-line${failure ? ' is-failed' : ''}`}
              aria-describedby={failure ? detailId : undefined}
            >
              <div className="plan-line-what">
                <p className="plan-line-plan">
                  <strong>{line.new_plan_name}</strong>, {DURATION_LABELS[line.newPricingPlan].toLowerCase()}
                </p>
                <p className="muted small">
                  Device <span className="plan-line-device">{line.device_key}</span> ({line.productName})
                </p>
              </div>
              <dl className="plan-line-money">
                <dt>Price</dt>
                <dd>{formatPlanMoney(priced?.amount ?? line.price.cents, currency)}</dd>
                {priced && priced.credit > 0 && (
                  <>
                    <dt>Credit</dt>
                    <dd>−{formatPlanMoney(priced.credit, currency)}</dd>
                  </>
                )}
              </dl>
              {failure && (
                <div className="plan-line-failure">
                  <p id={detailId} className="field-error">
                    {failure.detail}
                  </p>
                  <button
                    type="button"
                    className="button button-secondary"
                    disabled={disabled || remove.isPending}
                    aria-label={`Remove the plan for ${line.device_key}`}
                    onClick={() =>
                      remove.mutate(line.device_key, {
                        onSuccess: () => headingRef.current?.focus(),
                        onError: (error) => alerts.showError(error),
                      })
                    }
                  >
                    Remove
                  </button>
                </div>
              )}
            </li>
          );
        })}
      </ul>
      <p className="checkout-note">
        <Link to="/subscriptions/plans">Add a plan for another device</Link> · <Link to="/cart">Back to cart</Link>
      </p>
    </section>
  );
}

function Summary({
  quote,
  working,
  quoteError,
  onRetryQuote,
  failedCount,
  changed,
  problem,
  problemRef,
  busy,
  canPay,
  onPay,
}: {
  quote: Purchase | null;
  working: boolean;
  quoteError: unknown;
  onRetryQuote: () => void;
  failedCount: number;
  changed: boolean;
  problem: string[] | null;
  problemRef: Ref<HTMLDivElement>;
  busy: boolean;
  canPay: boolean;
  onPay: () => void;
}) {
  return (
    <>
      <div aria-busy={working || undefined}>
        {quote ? (
          <PurchaseTotals purchase={quote} />
        ) : working ? null : failedCount > 0 ? (
          <p>{SUBSCRIPTION_TEXTS.linesFailed}</p>
        ) : quoteError ? (
          <div className="load-error" role="alert">
            <p>We couldn’t work out the total. {alertLinesFor(quoteError).join(' ')}</p>
            <button type="button" className="button button-secondary" onClick={onRetryQuote}>
              Try again
            </button>
          </div>
        ) : null}
        <p className="muted small" role="status">
          {working ? 'Working out your total…' : ''}
        </p>
      </div>
      {changed ? (
        <ProblemAlert focusRef={problemRef} lines={[SUBSCRIPTION_TEXTS.quoteChanged]} />
      ) : (
        problem && <ProblemAlert focusRef={problemRef} lines={problem} />
      )}
      <Button className="form-layout-submit" loading={busy} disabled={!canPay} onClick={onPay}>
        Pay
      </Button>
      <p className="muted small">Nothing is charged until you press Pay. The total shown is the total charged.</p>
    </>
  );
}
