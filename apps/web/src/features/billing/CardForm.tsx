import { useMemo } from 'react';
import { useForm, useWatch, type FieldPath, type UseFormRegisterReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { CardCreate, CardUpdates, PaymentCard } from '@portal/contracts';
import {
  PAYMENT_METHOD_TEXTS,
  cardCreateSchema,
  cardExpiryYears,
  cardUpdatesSchema,
  isExpired,
} from '@portal/contracts/payment-methods';
import { COUNTRY_NAMES, POSTAL_CODE_PATTERNS, REGIONS_BY_COUNTRY, type CountryCode } from '@portal/contracts/regions';
import { Field } from '../../components/form/Field.tsx';
import { withoutEmoji } from '../../components/form/withoutEmoji.ts';
import { paymentMethodName, useAddCard, useUpdateCard } from './api.ts';
import { DialogActions, PaymentMethodDialog } from './PaymentMethodDialog.tsx';
import { cardNumberCharacters, digitsOnly, filtered, upperCase } from './inputFilters.ts';
import { useMethodForm } from './useMethodForm.ts';

/** spec 02 §5: months 01 to 12. */
const MONTHS = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, '0'));
/** spec 02 §3 card create payload: the card's country is the U.S. or Canada. */
const CARD_COUNTRIES = ['US', 'CA'] as const satisfies readonly CountryCode[];

type AddValues = {
  isDefault: boolean;
  number: string;
  expMonth: string;
  expYear: string;
  cvv: string;
  name: string;
  streetAddress1: string;
  streetAddress2: string;
  city: string;
  state: string;
  postalCode: string;
  countryCode: (typeof CARD_COUNTRIES)[number];
};

const ADD_FIELDS = new Set<string>([
  'isDefault',
  'number',
  'expMonth',
  'expYear',
  'cvv',
  'name',
  'streetAddress1',
  'streetAddress2',
  'city',
  'state',
  'postalCode',
  'countryCode',
]);

/**
 * Add a card (spec 02 §3 card create payload, POST card). The number and CVV live in this form only:
 * nothing stores them, and they are gone when the dialog closes.
 */
export function AddCardForm({
  defaultCountry,
  onClose,
}: {
  defaultCountry: AddValues['countryCode'];
  onClose: () => void;
}) {
  const form = useForm<AddValues>({
    resolver: zodResolver(cardCreateSchema) as never,
    defaultValues: {
      isDefault: false,
      number: '',
      expMonth: '',
      expYear: '',
      cvv: '',
      name: '',
      streetAddress1: '',
      streetAddress2: '',
      city: '',
      state: '',
      postalCode: '',
      countryCode: defaultCountry,
    },
  });
  const add = useAddCard();
  const { failure, submit } = useMethodForm(form, {
    first: 'number',
    // The resolver hands over the schema's output: digits only, the month and year as numbers.
    save: async (values) => `${paymentMethodName(await add.mutateAsync(values as unknown as CardCreate))} is saved.`,
    fieldOf: (field) => (ADD_FIELDS.has(field) ? (field as keyof AddValues) : null),
    onClose,
  });
  const country = useWatch({ control: form.control, name: 'countryCode' });
  const errors = form.formState.errors;

  return (
    <PaymentMethodDialog title="Add a card" saving={add.isPending} onClose={onClose} failure={failure}>
      <form className="form payment-method-form" noValidate onSubmit={submit}>
        <Field label="Card number" error={errors.number?.message}>
          <input
            type="text"
            inputMode="numeric"
            autoComplete="cc-number"
            maxLength={23}
            {...filtered(form.register('number'), cardNumberCharacters)}
          />
        </Field>
        <ExpiryFields
          month={form.register('expMonth')}
          year={form.register('expYear')}
          monthError={errors.expMonth?.message}
          yearError={errors.expYear?.message}
        />
        <div className="form-row">
          <Field
            label="Security code (CVV)"
            hint="3 digits on the back (4 on the front of an Amex)"
            error={errors.cvv?.message}
          >
            <input
              type="text"
              inputMode="numeric"
              autoComplete="cc-csc"
              maxLength={4}
              {...filtered(form.register('cvv'), digitsOnly)}
            />
          </Field>
          <Field label="Name on card" error={errors.name?.message}>
            <input type="text" autoComplete="cc-name" maxLength={100} {...withoutEmoji(form.register('name'))} />
          </Field>
        </div>
        <fieldset className="payment-method-fieldset">
          <legend>Billing address</legend>
          <StreetFields
            line1={form.register('streetAddress1')}
            line2={form.register('streetAddress2')}
            line1Error={errors.streetAddress1?.message}
            line2Error={errors.streetAddress2?.message}
          />
          <div className="form-row">
            <CityField city={form.register('city')} error={errors.city?.message} />
            <Field label="Country" error={errors.countryCode?.message}>
              <select
                autoComplete="billing country"
                {...form.register('countryCode', { onChange: () => form.setValue('state', '') })}
              >
                {CARD_COUNTRIES.map((code) => (
                  <option key={code} value={code}>
                    {COUNTRY_NAMES[code]}
                  </option>
                ))}
              </select>
            </Field>
          </div>
          <div className="form-row">
            <Field label="State or province" error={errors.state?.message}>
              <select autoComplete="billing address-level1" {...form.register('state')}>
                <option value="">Choose one</option>
                {REGIONS_BY_COUNTRY[country].map((region) => (
                  <option key={region.code} value={region.code}>
                    {region.name}
                  </option>
                ))}
              </select>
            </Field>
            <Field label="ZIP or postal code" error={errors.postalCode?.message}>
              <input
                type="text"
                autoComplete="billing postal-code"
                maxLength={10}
                {...filtered(form.register('postalCode'), upperCase)}
              />
            </Field>
          </div>
        </fieldset>
        <label className="checkbox">
          <input type="checkbox" {...form.register('isDefault')} />
          Make this my main card
        </label>
        <DialogActions submitLabel="Save card" saving={add.isPending} onCancel={onClose} />
      </form>
    </PaymentMethodDialog>
  );
}

/** The expiry selects both card forms share (spec 02 §5: months 01–12, 26 years from this one). */
function ExpiryFields({
  month,
  year,
  monthError,
  yearError,
}: {
  month: UseFormRegisterReturn;
  year: UseFormRegisterReturn;
  monthError?: string;
  yearError?: string;
}) {
  const years = useMemo(() => cardExpiryYears(), []);
  return (
    <div className="form-row expiry-row">
      <Field label="Expiry month" error={monthError}>
        <select autoComplete="cc-exp-month" {...month}>
          <option value="">Month</option>
          {MONTHS.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Expiry year" error={yearError}>
        <select autoComplete="cc-exp-year" {...year}>
          <option value="">Year</option>
          {years.map((value) => (
            <option key={value} value={String(value)}>
              {value}
            </option>
          ))}
        </select>
      </Field>
    </div>
  );
}

/** The street lines of a card's billing address, as both card forms ask them. */
function StreetFields({
  line1,
  line2,
  line1Error,
  line2Error,
}: {
  line1: UseFormRegisterReturn;
  line2: UseFormRegisterReturn;
  line1Error?: string;
  line2Error?: string;
}) {
  return (
    <>
      <Field label="Street address" error={line1Error}>
        <input type="text" autoComplete="billing address-line1" maxLength={100} {...withoutEmoji(line1)} />
      </Field>
      <Field label="Suite, unit or building" optional error={line2Error}>
        <input type="text" autoComplete="billing address-line2" maxLength={100} {...withoutEmoji(line2)} />
      </Field>
    </>
  );
}

function CityField({ city, error }: { city: UseFormRegisterReturn; error?: string }) {
  return (
    <Field label="City" error={error}>
      <input type="text" autoComplete="billing address-level2" maxLength={60} {...withoutEmoji(city)} />
    </Field>
  );
}

type EditValues = {
  name: string;
  expMonth: string;
  expYear: string;
  billing_info: { Address1: string; Address2: string; City: string; State: string; Zip5: string };
};

const EDIT_FIELDS = new Set<string>([
  'name',
  'expMonth',
  'expYear',
  'billing_info.Address1',
  'billing_info.Address2',
  'billing_info.City',
  'billing_info.State',
  'billing_info.Zip5',
]);

/**
 * A card's update as the edit form checks it: the contract's updates, plus the two rules the add form
 * has on the whole card (not expired, a postal code of the card's country).
 */
const cardEditSchemaFor = (country: string) =>
  cardUpdatesSchema.superRefine((updates, context) => {
    if (updates.expMonth !== undefined && updates.expYear !== undefined && isExpired(updates.expMonth, updates.expYear))
      context.addIssue({ code: 'custom', path: ['expMonth'], message: PAYMENT_METHOD_TEXTS.expired });
    const pattern = POSTAL_CODE_PATTERNS[country as CountryCode] as RegExp | undefined;
    if (updates.billing_info && pattern && !pattern.test(updates.billing_info.Zip5))
      context.addIssue({ code: 'custom', path: ['billing_info', 'Zip5'], message: PAYMENT_METHOD_TEXTS.postalCode });
  });

/** '08/27' → month '08', year '2027' (spec 02 §5: the two-digit year is prefixed 20). */
function expiryOf(card: PaymentCard) {
  const [month = '', year = ''] = (card.expiration_date ?? '').split('/');
  const fullYear = year ? `20${year}` : '';
  // A year the list no longer offers (an expired card) is chosen again.
  return { expMonth: month, expYear: cardExpiryYears().includes(Number(fullYear)) ? fullYear : '' };
}

/** Edit a card: the name on it, its expiry and billing address (the number never: add a new card). */
export function EditCardForm({ card, onClose }: { card: PaymentCard; onClose: () => void }) {
  const schema = useMemo(() => cardEditSchemaFor(card.country), [card.country]);
  const form = useForm<EditValues>({
    resolver: zodResolver(schema) as never,
    defaultValues: {
      name: card.name,
      ...expiryOf(card),
      billing_info: {
        Address1: card.billing_info?.Address1 ?? '',
        Address2: card.billing_info?.Address2 ?? '',
        City: card.billing_info?.City ?? '',
        State: card.billing_info?.State ?? '',
        Zip5: card.billing_info?.Zip5 ?? '',
      },
    },
  });
  const update = useUpdateCard();
  const name = paymentMethodName(card);
  const { failure, submit } = useMethodForm(form, {
    first: 'name',
    save: async (values) => {
      await update.mutateAsync({ id: card.id, updates: values as unknown as CardUpdates });
      return `${name} is saved.`;
    },
    fieldOf: (field) => {
      const own = field.replace(/^updates\./, '');
      return EDIT_FIELDS.has(own) ? (own as FieldPath<EditValues>) : null;
    },
    onClose,
  });
  const errors = form.formState.errors;
  const billingErrors = errors.billing_info;
  const regions = REGIONS_BY_COUNTRY[card.country as CountryCode] as (typeof REGIONS_BY_COUNTRY)['US'] | undefined;

  return (
    <PaymentMethodDialog title={`Edit ${name}`} saving={update.isPending} onClose={onClose} failure={failure}>
      <form className="form payment-method-form" noValidate onSubmit={submit}>
        <Field label="Name on card" error={errors.name?.message}>
          <input type="text" autoComplete="cc-name" maxLength={100} {...withoutEmoji(form.register('name'))} />
        </Field>
        <ExpiryFields
          month={form.register('expMonth')}
          year={form.register('expYear')}
          monthError={errors.expMonth?.message}
          yearError={errors.expYear?.message}
        />
        <fieldset className="payment-method-fieldset">
          <legend>Billing address</legend>
          <StreetFields
            line1={form.register('billing_info.Address1')}
            line2={form.register('billing_info.Address2')}
            line1Error={billingErrors?.Address1?.message}
            line2Error={billingErrors?.Address2?.message}
          />
          <div className="form-row">
            <CityField city={form.register('billing_info.City')} error={billingErrors?.City?.message} />
            <Field label="State or province" error={billingErrors?.State?.message}>
              {regions ? (
                <select autoComplete="billing address-level1" {...form.register('billing_info.State')}>
                  <option value="">Choose one</option>
                  {regions.map((region) => (
                    <option key={region.code} value={region.code}>
                      {region.name}
                    </option>
                  ))}
                </select>
              ) : (
                <input
                  type="text"
                  autoComplete="billing address-level1"
                  maxLength={3}
                  {...form.register('billing_info.State')}
                />
              )}
            </Field>
          </div>
          <Field label="ZIP or postal code" error={billingErrors?.Zip5?.message}>
            <input
              type="text"
              autoComplete="billing postal-code"
              maxLength={10}
              {...filtered(form.register('billing_info.Zip5'), upperCase)}
            />
          </Field>
        </fieldset>
        <DialogActions submitLabel="Save changes" saving={update.isPending} onCancel={onClose} />
      </form>
    </PaymentMethodDialog>
  );
}
