import { useState } from 'react';
import { Link } from 'react-router';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { CountryCode, DealerRequestInput } from '@portal/contracts';
import { DEALER_PROFILE_COUNTRIES } from '@portal/contracts/constants';
import {
  DEALER_REQUEST_LIMITS,
  dealerRequestInputSchema,
  PHONE_COUNTRY_LABELS,
} from '@portal/contracts/dealer-requests';
import { COUNTRY_NAMES, REGIONS_BY_COUNTRY } from '@portal/contracts/regions';
import { alerts } from '../../components/alerts.ts';
import { Button } from '../../components/Button.tsx';
import { Field } from '../../components/form/Field.tsx';
import { useDelayedValidation } from '../../components/form/useDelayedValidation.ts';
import { useCatalogMenu } from '../catalog/index.ts';
import { useSubmitDealerRequest } from './api.ts';
import './dealer-request.css';
import { phoneInputProps } from '../../components/form/phoneInput.ts';
import { withoutEmoji } from '../../components/form/withoutEmoji.ts';

const EMPTY: DealerRequestInput = {
  companyName: '',
  firstName: '',
  lastName: '',
  email: '',
  phoneCountry: 'USCA',
  phone: '',
  website: '',
  streetAddress1: '',
  streetAddress2: '',
  city: '',
  country: '' as CountryCode,
  countryArea: '',
  postalCode: '',
  yearsInBusiness: '',
  installerCount: '',
  brandsOfInterest: [],
  message: '',
};

interface Submitted {
  reference: string;
  email: string;
  company: string;
}

/** /dealer-request: a shop applies for a dealer account; sales reviews it (issue 5 §7). */
export default function DealerRequestPage() {
  const [submitted, setSubmitted] = useState<Submitted | null>(null);
  return (
    <div className="dealer-request-page">
      <h1>Become a Dealer</h1>
      {submitted ? <WhatHappensNext {...submitted} /> : <DealerRequestForm onSubmitted={setSubmitted} />}
    </div>
  );
}

function WhatHappensNext({ reference, email, company }: Submitted) {
  return (
    <div className="success-panel dealer-request-done" role="status">
      <h2>Thank you, we received your request</h2>
      <p>
        Your reference is <strong>{reference}</strong>. Here is what happens next:
      </p>
      <ol>
        <li>
          We sent a confirmation to <strong>{email}</strong>.
        </li>
        <li>Our sales team reviews the request for {company}, usually within two business days.</li>
        <li>
          Once it is approved, you receive an e-mail with a link to set your password. You sign in as the owner of your
          business, order at dealer prices and invite your installers.
        </li>
      </ol>
      <Link className="button button-secondary" to="/login">
        Go to sign in
      </Link>
    </div>
  );
}

/** spec 01 §5: digits only on key press; a numeric input is capped at its max. */
const digitsCappedAt = (max: number) => (event: React.ChangeEvent<HTMLInputElement>) => {
  const digits = event.target.value.replace(/\D/g, '');
  event.target.value = digits === '' ? '' : String(Math.min(Number(digits), max));
};

function DealerRequestForm({ onSubmitted }: { onSubmitted: (s: Submitted) => void }) {
  const form = useForm<DealerRequestInput>({ resolver: zodResolver(dealerRequestInputSchema), defaultValues: EMPTY });
  useDelayedValidation(form);
  const submit = useSubmitDealerRequest();
  const menu = useCatalogMenu();
  const country = useWatch({ control: form.control, name: 'country' });
  const regions = country ? REGIONS_BY_COUNTRY[country] : [];
  const errors = form.formState.errors;
  const brandError = errors.brandsOfInterest?.message ?? errors.brandsOfInterest?.root?.message;

  return (
    <form
      className="form dealer-request-form"
      noValidate
      onSubmit={form.handleSubmit(async (values) => {
        alerts.clear();
        try {
          const created = await submit.mutateAsync(values);
          onSubmitted({
            reference: created.id.slice(0, 8).toUpperCase(),
            email: values.email.trim().toLowerCase(),
            company: values.companyName.trim(),
          });
        } catch (error) {
          alerts.showError(error);
        }
      })}
    >
      <p className="dealer-request-lead">
        Sell and install our remote starts, security and telematics products. Tell us about your shop; our sales team
        reviews every request and sets up your dealer account.
      </p>

      <fieldset>
        <legend>Your business</legend>
        <Field label="Company name" error={errors.companyName?.message}>
          <input autoComplete="organization" {...withoutEmoji(form.register('companyName'))} />
        </Field>
        <Field label="Website" optional hint="Starts with http:// or https://" error={errors.website?.message}>
          <input type="url" inputMode="url" autoComplete="url" placeholder="https://" {...form.register('website')} />
        </Field>
        <div className="form-row">
          <Field label="Years in business" error={errors.yearsInBusiness?.message}>
            <input
              type="text"
              inputMode="numeric"
              maxLength={2}
              {...form.register('yearsInBusiness', { onChange: digitsCappedAt(DEALER_REQUEST_LIMITS.maxYears) })}
            />
          </Field>
          <Field label="Number of installers" error={errors.installerCount?.message}>
            <input
              type="text"
              inputMode="numeric"
              maxLength={3}
              {...form.register('installerCount', { onChange: digitsCappedAt(DEALER_REQUEST_LIMITS.maxInstallers) })}
            />
          </Field>
        </div>
      </fieldset>

      <fieldset>
        <legend>Owner</legend>
        <div className="form-row">
          <Field label="First name" error={errors.firstName?.message}>
            <input autoComplete="given-name" {...withoutEmoji(form.register('firstName'))} />
          </Field>
          <Field label="Last name" error={errors.lastName?.message}>
            <input autoComplete="family-name" {...withoutEmoji(form.register('lastName'))} />
          </Field>
        </div>
        <Field label="Email" hint="Your sign-in e-mail once the account is approved" error={errors.email?.message}>
          <input type="email" inputMode="email" autoComplete="email" {...form.register('email')} />
        </Field>
        <div className="dealer-request-phone">
          <Field label="Country code" error={errors.phoneCountry?.message}>
            <select autoComplete="tel-country-code" {...form.register('phoneCountry')}>
              {DEALER_PROFILE_COUNTRIES.map((code) => (
                <option key={code} value={code}>
                  {PHONE_COUNTRY_LABELS[code]}
                </option>
              ))}
            </select>
          </Field>
          <Field label="Phone" error={errors.phone?.message}>
            <input {...phoneInputProps(form.register, 'phone')} />
          </Field>
        </div>
      </fieldset>

      <fieldset>
        <legend>Address</legend>
        <Field label="Street address" error={errors.streetAddress1?.message}>
          <input autoComplete="address-line1" {...withoutEmoji(form.register('streetAddress1'))} />
        </Field>
        <Field label="Suite, unit or building" optional error={errors.streetAddress2?.message}>
          <input autoComplete="address-line2" {...withoutEmoji(form.register('streetAddress2'))} />
        </Field>
        <div className="form-row">
          <Field label="Country" error={errors.country?.message}>
            <select
              autoComplete="country"
              {...form.register('country', {
                onChange: () => form.setValue('countryArea', ''),
              })}
            >
              <option value="">Choose a country</option>
              {(Object.keys(COUNTRY_NAMES) as CountryCode[]).map((code) => (
                <option key={code} value={code}>
                  {COUNTRY_NAMES[code]}
                </option>
              ))}
            </select>
          </Field>
          <Field label="State or province" error={errors.countryArea?.message}>
            <select autoComplete="address-level1" disabled={!country} {...form.register('countryArea')}>
              <option value="">{country ? 'Choose one' : 'Choose a country first'}</option>
              {regions.map((r) => (
                <option key={r.code} value={r.code}>
                  {r.name}
                </option>
              ))}
            </select>
          </Field>
        </div>
        <div className="form-row">
          <Field label="City" error={errors.city?.message}>
            <input autoComplete="address-level2" {...withoutEmoji(form.register('city'))} />
          </Field>
          <Field label="ZIP or postal code" error={errors.postalCode?.message}>
            <input autoComplete="postal-code" {...form.register('postalCode')} />
          </Field>
        </div>
      </fieldset>

      <fieldset className={`dealer-request-brands${brandError ? ' has-error' : ''}`} aria-describedby="brands-error">
        <legend>Brands you want to sell</legend>
        {menu.isError ? (
          <p className="field-error">
            We couldn’t load the brands.{' '}
            <button type="button" className="button-link" onClick={() => void menu.refetch()}>
              Try again
            </button>
          </p>
        ) : (
          <div className="dealer-request-brand-list">
            {(menu.data?.brands ?? []).map((brand) => (
              <label key={brand.slug} className="checkbox">
                <input type="checkbox" value={brand.slug} {...form.register('brandsOfInterest')} />
                {brand.name}
              </label>
            ))}
          </div>
        )}
        <p id="brands-error" className="field-error" aria-live="polite">
          {brandError}
        </p>
      </fieldset>

      <Field label="Anything else we should know?" optional error={errors.message?.message}>
        <textarea rows={5} {...withoutEmoji(form.register('message'))} />
      </Field>

      <Button type="submit" loading={submit.isPending}>
        Send request
      </Button>
    </form>
  );
}
