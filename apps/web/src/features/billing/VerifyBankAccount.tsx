import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { PaymentCard } from '@portal/contracts';
import { bankAccountVerifySchema } from '@portal/contracts/payment-methods';
import { Field } from '../../components/form/Field.tsx';
import { paymentMethodName, useVerifyBankAccount } from './api.ts';
import { DialogActions, PaymentMethodDialog } from './PaymentMethodDialog.tsx';
import { digitsOnly, filtered } from './inputFilters.ts';
import { useMethodForm } from './useMethodForm.ts';

type Values = { id: string; amounts: [string, string] };
type Verification = { id: string; amounts: [number, number] };

/** The schema counts cents as numbers; an empty box stays empty (its message, not a zero's). */
const cents = (value: unknown) => (value === '' || value === undefined ? undefined : Number(value));

/**
 * Verify a bank account with the two micro-deposits, in cents (POST /api/verify-bank-account). A wrong
 * pair says how many tries are left; the third wrong one locks the account (the server's words).
 */
export function VerifyBankAccount({ account, onClose }: { account: PaymentCard; onClose: () => void }) {
  const form = useForm<Values>({
    resolver: zodResolver(bankAccountVerifySchema) as never,
    defaultValues: { id: account.id, amounts: ['', ''] },
  });
  const verify = useVerifyBankAccount();
  const name = paymentMethodName(account);
  const { failure, submit } = useMethodForm(form, {
    first: 'amounts.0',
    save: async (verification) => {
      // The resolver hands over the schema's output: the amounts as numbers.
      await verify.mutateAsync(verification as unknown as Verification);
      return `${name} is verified.`;
    },
    fieldOf: (field) => (field === 'amounts.0' || field === 'amounts.1' ? field : null),
    onClose,
  });
  const errors = form.formState.errors;

  return (
    <PaymentMethodDialog title={`Verify ${name}`} saving={verify.isPending} onClose={onClose} failure={failure}>
      <form className="form payment-method-form" noValidate onSubmit={submit}>
        <p className="payment-method-lead">
          We sent two small deposits to this account. They show on your bank statement within one to two business days.
        </p>
        <p className="muted payment-method-lead">Enter the two deposit amounts, in cents, from your bank statement.</p>
        {account.verificationHint && <p className="payment-method-hint">{account.verificationHint}</p>}
        <div className="form-row deposit-row">
          <Field label="First deposit (cents)" error={errors.amounts?.[0]?.message}>
            <input
              type="text"
              inputMode="numeric"
              autoComplete="off"
              maxLength={2}
              {...filtered(form.register('amounts.0', { setValueAs: cents }), digitsOnly)}
            />
          </Field>
          <Field label="Second deposit (cents)" error={errors.amounts?.[1]?.message}>
            <input
              type="text"
              inputMode="numeric"
              autoComplete="off"
              maxLength={2}
              {...filtered(form.register('amounts.1', { setValueAs: cents }), digitsOnly)}
            />
          </Field>
        </div>
        <DialogActions submitLabel="Verify" saving={verify.isPending} onCancel={onClose} />
      </form>
    </PaymentMethodDialog>
  );
}
