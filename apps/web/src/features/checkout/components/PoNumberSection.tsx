import { PO_NUMBER_MAX } from '@portal/contracts/checkout-rules';
import { Field } from '../../../components/form/Field.tsx';
import { withoutEmoji } from '../../../components/form/withoutEmoji.ts';
import type { PoNumber } from '../usePoNumber.ts';

/** spec 02 §5: the buyer's own reference, saved when the field is left (or Enter is pressed). */
export function PoNumberSection({ poNumber, disabled }: { poNumber: PoNumber; disabled: boolean }) {
  return (
    <section className="form-section" aria-labelledby="po-number-heading">
      <h2 id="po-number-heading" className="form-section-title">
        PO number
      </h2>
      <form
        className="form checkout-po"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void poNumber.save();
        }}
      >
        <Field
          label="Purchase order number"
          optional
          hint="Your own reference; it shows on the order and the invoice."
          error={poNumber.error}
        >
          <input
            type="text"
            maxLength={PO_NUMBER_MAX}
            autoComplete="off"
            disabled={disabled}
            {...withoutEmoji(poNumber.form.register('poNumber', { onBlur: () => void poNumber.save() }))}
          />
        </Field>
      </form>
    </section>
  );
}
