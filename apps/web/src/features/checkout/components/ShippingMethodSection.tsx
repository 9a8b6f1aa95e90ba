import type { Checkout } from '@portal/contracts';
import { freeGroundNote, shippingMethodLabel } from '@portal/contracts/checkout-rules';
import { formatMoney } from '@portal/contracts/format';
import { shownChoice, type ChoiceMutation } from '../choices.ts';
import { Choice } from './Choice.tsx';

/** spec 02 §4, §9: the shipping methods in the spec's order, 'B2B-' stripped, each with its price. */
export function ShippingMethodSection({
  checkout,
  choice,
  disabled,
  onChoose,
}: {
  checkout: Checkout;
  choice: ChoiceMutation;
  /** The order is being placed. */
  disabled: boolean;
  onChoose: (methodId: string) => void;
}) {
  const chosenId = shownChoice(choice, checkout.currentShippingMethod.id);
  return (
    <fieldset className="form-section" aria-busy={choice.isPending || undefined}>
      <legend>
        <h2 className="form-section-title">Shipping method</h2>
      </legend>
      <div className="choices">
        {checkout.shippingMethods.map((method) => (
          <Choice
            key={method.id}
            name="shippingMethod"
            value={method.id}
            checked={chosenId === method.id}
            disabled={disabled}
            onChoose={onChoose}
          >
            <span className="choice-title">{shippingMethodLabel(method.name)}</span>
            <span className="choice-price">{method.price.cents === 0 ? 'Free' : formatMoney(method.price.cents)}</span>
          </Choice>
        ))}
      </div>
      <p className="muted small free-ground">{freeGroundNote(checkout.subtotal.cents, formatMoney)}</p>
    </fieldset>
  );
}
