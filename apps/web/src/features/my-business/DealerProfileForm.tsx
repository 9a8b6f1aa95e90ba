import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Dealer, DealerUpdate } from '@portal/contracts';
import { CONTACT_ROLES, DEALER_PROFILE_COUNTRIES } from '@portal/contracts/constants';
import { dealerUpdateSchema } from '@portal/contracts/dealers';
import { formatPhone } from '@portal/contracts/validation';
import { routes } from '@portal/contracts/endpoints/routes';
import { call } from '../../lib/api.ts';
import { alerts } from '../../components/alerts.ts';
import { Button } from '../../components/Button.tsx';
import { Field } from '../../components/form/Field.tsx';
import { useDelayedValidation } from '../../components/form/useDelayedValidation.ts';
import { myDealerQuery } from './api.ts';
import { phoneInputProps } from '../../components/form/phoneInput.ts';

/** spec 01 §5: +1 for the U.S. and Canada, +61 Australia, +52 Mexico (dealer-profile variant). */
const COUNTRY_LABELS: Record<(typeof DEALER_PROFILE_COUNTRIES)[number], string> = {
  USCA: 'US +1',
  CA: 'Canada +1',
  AU: 'Australia +61',
  MX: 'Mexico +52',
};

type Values = {
  is_public_profile: boolean;
  contact_email: string;
  dealer_profile: {
    displayName: string;
    phone: string;
    phoneCountry: (typeof DEALER_PROFILE_COUNTRIES)[number];
    website: string;
    contactRoles: (typeof CONTACT_ROLES)[number][];
    city: string;
    countryArea: string;
  };
};

const valuesOf = (dealer: Dealer): Values => ({
  is_public_profile: dealer.is_public_profile,
  contact_email: dealer.contact_email,
  dealer_profile: { ...dealer.dealer_profile, phone: formatPhone(dealer.dealer_profile.phone) },
});

/** The dealer's public profile and contact details (spec 02 §3, §5): PATCH /api/dealer/{id}. */
export function DealerProfileForm({ dealer }: { dealer: Dealer }) {
  const queryClient = useQueryClient();
  const form = useForm<Values>({
    resolver: zodResolver(dealerUpdateSchema) as never,
    defaultValues: valuesOf(dealer),
  });
  useDelayedValidation(form);
  const save = useMutation({
    mutationFn: (body: DealerUpdate) => call(routes.dealers.updateDealer, { params: { id: dealer.id }, body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(myDealerQuery.queryKey, saved);
      form.reset(valuesOf(saved));
      alerts.show({ type: 'success', content: ['The dealer profile is saved.'], autoDismiss: true });
    },
    onError: (error) => alerts.showError(error),
  });
  const errors = form.formState.errors;
  const profileErrors = errors.dealer_profile;

  return (
    <section className="card" aria-labelledby="profile-heading">
      <h2 id="profile-heading">Dealer profile</h2>
      <form
        className="form"
        noValidate
        onSubmit={form.handleSubmit((values) => save.mutateAsync(values as DealerUpdate).catch(() => {}))}
      >
        <label className="check">
          <input type="checkbox" {...form.register('is_public_profile')} />
          Show this dealer in the public dealer locator
        </label>
        <div className="form-row">
          <Field label="Display name" error={profileErrors?.displayName?.message}>
            <input type="text" autoComplete="organization" {...form.register('dealer_profile.displayName')} />
          </Field>
          <Field label="Contact e-mail" error={errors.contact_email?.message}>
            <input type="email" autoComplete="email" {...form.register('contact_email')} />
          </Field>
        </div>
        <div className="form-row phone-row">
          <Field label="Country code" error={profileErrors?.phoneCountry?.message}>
            <select {...form.register('dealer_profile.phoneCountry')}>
              {DEALER_PROFILE_COUNTRIES.map((country) => (
                <option key={country} value={country}>
                  {COUNTRY_LABELS[country]}
                </option>
              ))}
            </select>
          </Field>
          <Field label="Phone" optional error={profileErrors?.phone?.message}>
            <input {...phoneInputProps(form.register, 'dealer_profile.phone')} />
          </Field>
        </div>
        <Field label="Website" optional hint="Starts with http:// or https://" error={profileErrors?.website?.message}>
          <input type="url" autoComplete="url" {...form.register('dealer_profile.website')} />
        </Field>
        <div className="form-row">
          <Field label="City" optional error={profileErrors?.city?.message}>
            <input type="text" autoComplete="address-level2" {...form.register('dealer_profile.city')} />
          </Field>
          <Field label="State or province" optional error={profileErrors?.countryArea?.message}>
            <input type="text" autoComplete="address-level1" {...form.register('dealer_profile.countryArea')} />
          </Field>
        </div>
        <fieldset className="roles">
          <legend>Contact roles</legend>
          {CONTACT_ROLES.map((role) => (
            <label key={role} className="check">
              <input type="checkbox" value={role} {...form.register('dealer_profile.contactRoles')} />
              {role[0]!.toUpperCase() + role.slice(1)}
            </label>
          ))}
        </fieldset>
        <Button type="submit" loading={save.isPending} succeeded={save.isSuccess}>
          Save profile
        </Button>
      </form>
    </section>
  );
}
