import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { BankAccountCreate, PaymentCard } from '@portal/contracts';
import { BANK_ACCOUNT_TYPES, OWNER_TYPES } from '@portal/contracts/constants';
import { bankAccountCreateSchema, bankAccountUpdatesSchema } from '@portal/contracts/payment-methods';
import { alerts } from '../../components/alerts.ts';
import { Field } from '../../components/form/Field.tsx';
import { useDelayedValidation } from '../../components/form/useDelayedValidation.ts';
import { withoutEmoji } from '../../components/form/withoutEmoji.ts';
import {
  ACCOUNT_TYPE_NAMES,
  OWNER_TYPE_NAMES,
  paymentMethodName,
  showServerErrors,
  useAddBankAccount,
  useUpdateBankAccount,
} from './api.ts';
import { DialogActions, PaymentMethodDialog } from './PaymentMethodDialog.tsx';
import { digitsOnly, filtered } from './inputFilters.ts';

type AddValues = {
  isDefault: boolean;
  accountHolderName: string;
  accountType: (typeof BANK_ACCOUNT_TYPES)[number];
  ownerType: (typeof OWNER_TYPES)[number];
  routingNumber: string;
  accountNumber: string;
};
const ADD_FIELDS = new Set<string>([
  'isDefault',
  'accountHolderName',
  'accountType',
  'ownerType',
  'routingNumber',
  'accountNumber',
]);

/**
 * Add a bank account (POST /api/create-bank-account). It cannot pay until verified (spec 02 §3): two
 * small deposits reach it, and their amounts are entered with Verify.
 */
export function AddBankAccountForm({ onClose }: { onClose: () => void }) {
  const form = useForm<AddValues>({
    resolver: zodResolver(bankAccountCreateSchema) as never,
    defaultValues: {
      isDefault: false,
      accountHolderName: '',
      accountType: 'CHECKING',
      ownerType: 'COMPANY',
      routingNumber: '',
      accountNumber: '',
    },
  });
  useDelayedValidation(form);
  const add = useAddBankAccount();
  const [failure, setFailure] = useState<string[]>([]);
  const errors = form.formState.errors;

  useEffect(() => {
    form.setFocus('accountHolderName');
  }, [form]);

  const submit = form.handleSubmit(async (account) => {
    setFailure([]);
    try {
      const saved = await add.mutateAsync(account as BankAccountCreate);
      alerts.show({
        type: 'success',
        content: `${paymentMethodName(saved)} is saved. Verify it once the two small deposits reach it.`,
        autoDismiss: true,
      });
      onClose();
    } catch (error) {
      setFailure(showServerErrors(form, error, (field) => (ADD_FIELDS.has(field) ? (field as keyof AddValues) : null)));
    }
  });

  return (
    <PaymentMethodDialog title="Add a bank account" saving={add.isPending} onClose={onClose} failure={failure}>
      <form className="form payment-method-form" noValidate onSubmit={submit}>
        <p className="muted payment-method-lead">
          We send two small deposits to the account. Once they show on your statement, enter their amounts with Verify;
          the account can pay after that.
        </p>
        <Field label="Account holder’s name" error={errors.accountHolderName?.message}>
          <input
            type="text"
            autoComplete="name"
            maxLength={100}
            {...withoutEmoji(form.register('accountHolderName'))}
          />
        </Field>
        <div className="form-row">
          <Field label="Account type" error={errors.accountType?.message}>
            <select {...form.register('accountType')}>
              {BANK_ACCOUNT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {ACCOUNT_TYPE_NAMES[type]}
                </option>
              ))}
            </select>
          </Field>
          <Field label="Account owner" error={errors.ownerType?.message}>
            <select {...form.register('ownerType')}>
              {OWNER_TYPES.map((type) => (
                <option key={type} value={type}>
                  {OWNER_TYPE_NAMES[type]}
                </option>
              ))}
            </select>
          </Field>
        </div>
        <div className="form-row">
          <Field label="Routing number" hint="9 digits" error={errors.routingNumber?.message}>
            <input
              type="text"
              inputMode="numeric"
              autoComplete="off"
              maxLength={9}
              {...filtered(form.register('routingNumber'), digitsOnly)}
            />
          </Field>
          <Field label="Account number" hint="4 to 17 digits" error={errors.accountNumber?.message}>
            <input
              type="text"
              inputMode="numeric"
              autoComplete="off"
              maxLength={17}
              {...filtered(form.register('accountNumber'), digitsOnly)}
            />
          </Field>
        </div>
        <label className="checkbox">
          <input type="checkbox" {...form.register('isDefault')} />
          Make this my main payment method
        </label>
        <DialogActions submitLabel="Save bank account" saving={add.isPending} onCancel={onClose} />
      </form>
    </PaymentMethodDialog>
  );
}

/** Edit a bank account: the holder's name only (the numbers never: add the account again). */
export function EditBankAccountForm({ account, onClose }: { account: PaymentCard; onClose: () => void }) {
  const form = useForm<{ accountHolderName: string }>({
    resolver: zodResolver(bankAccountUpdatesSchema) as never,
    defaultValues: { accountHolderName: account.name },
  });
  useDelayedValidation(form);
  const update = useUpdateBankAccount();
  const [failure, setFailure] = useState<string[]>([]);
  const name = paymentMethodName(account);

  useEffect(() => {
    form.setFocus('accountHolderName');
  }, [form]);

  const submit = form.handleSubmit(async (updates) => {
    setFailure([]);
    try {
      await update.mutateAsync({ id: account.id, updates });
      alerts.show({ type: 'success', content: `${name} is saved.`, autoDismiss: true });
      onClose();
    } catch (error) {
      setFailure(
        showServerErrors(form, error, (field) => (field === 'updates.accountHolderName' ? 'accountHolderName' : null)),
      );
    }
  });

  return (
    <PaymentMethodDialog title={`Edit ${name}`} saving={update.isPending} onClose={onClose} failure={failure}>
      <form className="form payment-method-form" noValidate onSubmit={submit}>
        <Field label="Account holder’s name" error={form.formState.errors.accountHolderName?.message}>
          <input
            type="text"
            autoComplete="name"
            maxLength={100}
            {...withoutEmoji(form.register('accountHolderName'))}
          />
        </Field>
        <DialogActions submitLabel="Save changes" saving={update.isPending} onCancel={onClose} />
      </form>
    </PaymentMethodDialog>
  );
}
