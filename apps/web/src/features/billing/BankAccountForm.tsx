import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { BankAccountCreate, PaymentCard } from '@portal/contracts';
import { BANK_ACCOUNT_TYPES, OWNER_TYPES } from '@portal/contracts/constants';
import { bankAccountCreateSchema, bankAccountUpdatesSchema } from '@portal/contracts/payment-methods';
import { Field } from '../../components/form/Field.tsx';
import { withoutEmoji } from '../../components/form/withoutEmoji.ts';
import {
  ACCOUNT_TYPE_NAMES,
  OWNER_TYPE_NAMES,
  paymentMethodName,
  useAddBankAccount,
  useUpdateBankAccount,
} from './api.ts';
import { DialogActions, PaymentMethodDialog } from './PaymentMethodDialog.tsx';
import { digitsOnly, filtered } from './inputFilters.ts';
import { useMethodForm } from './useMethodForm.ts';

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
  const add = useAddBankAccount();
  const { failure, submit } = useMethodForm(form, {
    first: 'accountHolderName',
    save: async (account) =>
      `${paymentMethodName(await add.mutateAsync(account as BankAccountCreate))} is saved. Verify it once the two small deposits reach it.`,
    fieldOf: (field) => (ADD_FIELDS.has(field) ? (field as keyof AddValues) : null),
    onClose,
  });
  const errors = form.formState.errors;

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
  const update = useUpdateBankAccount();
  const name = paymentMethodName(account);
  const { failure, submit } = useMethodForm(form, {
    first: 'accountHolderName',
    save: async (updates) => {
      await update.mutateAsync({ id: account.id, updates });
      return `${name} is saved.`;
    },
    fieldOf: (field) => (field === 'updates.accountHolderName' ? 'accountHolderName' : null),
    onClose,
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
