import { useEffect, type ChangeEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import type { ApproveDealerRequestResponse, DealerRequest } from '@portal/contracts';
import { approveDealerRequestSchema, DEALER_REQUEST_TEXTS } from '@portal/contracts/dealer-requests';
import { alerts } from '../../../components/alerts.ts';
import { Button } from '../../../components/Button.tsx';
import { Field } from '../../../components/form/Field.tsx';
import { VALIDATE_ON_SUBMIT } from '../../../components/form/validateOnSubmit.ts';
import { useApproveDealerRequest } from '../api.ts';

const codeChars = (value: string) => value.toUpperCase().replace(/[^A-Z0-9]/g, '');

/**
 * The approve request's schema, with the code's letter fixed by the applicant's country (spec 01 §4:
 * C for a US business, N for a Canadian one); an empty code reads the same message.
 */
const approveFormSchema = (prefix: 'C' | 'N') =>
  approveDealerRequestSchema.extend({
    sapBpCode: z.string().regex(new RegExp(`^${prefix}\\d{6}$`), DEALER_REQUEST_TEXTS.sapBpCodeInvalid),
  });

/** Approve: the new business's SAP BP code and price channel; the owner is invited. */
export function ApproveForm({
  request,
  channels,
  onApproved,
}: {
  request: DealerRequest;
  channels: { slug: string; name: string }[];
  onApproved: (result: ApproveDealerRequestResponse) => void;
}) {
  const approve = useApproveDealerRequest(request.id);
  const prefix = request.country === 'CA' ? 'N' : 'C';
  const form = useForm({
    resolver: zodResolver(approveFormSchema(prefix)),
    defaultValues: { sapBpCode: '', channel: 'dealer' },
    ...VALIDATE_ON_SUBMIT,
  });
  const channel = useWatch({ control: form.control, name: 'channel' });
  useEffect(() => {
    if (channels.length && !channels.some((c) => c.slug === channel)) form.setValue('channel', channels[0]!.slug);
  }, [channels, channel, form]);
  return (
    <form
      className="form dealer-request-approve"
      noValidate
      onSubmit={form.handleSubmit(async (values) => {
        alerts.clear();
        try {
          onApproved(await approve.mutateAsync(values));
        } catch (failure) {
          alerts.showError(failure);
        }
      })}
    >
      <h3>Approve</h3>
      <div className="form-row">
        <Field
          label="SAP BP code"
          hint={`${prefix} and six digits${request.country === 'CA' ? ' (Canadian business)' : ''}`}
          error={form.formState.errors.sapBpCode?.message}
        >
          <input
            maxLength={7}
            autoComplete="off"
            placeholder={`${prefix}000000`}
            className="upper"
            {...form.register('sapBpCode', {
              setValueAs: (value: string) => codeChars(value),
              onChange: (event: ChangeEvent<HTMLInputElement>) => {
                event.target.value = codeChars(event.target.value);
              },
            })}
          />
        </Field>
        <Field label="Channel" hint="The prices the business buys at">
          <select {...form.register('channel')}>
            {channels.map((c) => (
              <option key={c.slug} value={c.slug}>
                {c.name}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <p className="field-hint">
        Creates the business with this address as default shipping and billing, approves the brands of interest, creates
        the dealer, and invites {request.firstName} {request.lastName} as its owner.
      </p>
      <Button type="submit" loading={approve.isPending}>
        Approve and invite owner
      </Button>
    </form>
  );
}
