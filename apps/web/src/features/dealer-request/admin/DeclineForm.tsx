import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { DealerRequest } from '@portal/contracts';
import { declineDealerRequestSchema } from '@portal/contracts/dealer-requests';
import { alerts } from '../../../components/alerts.ts';
import { Button } from '../../../components/Button.tsx';
import { Field } from '../../../components/form/Field.tsx';
import { VALIDATE_ON_SUBMIT } from '../../../components/form/validateOnSubmit.ts';
import { useDeclineDealerRequest } from '../api.ts';

/** Decline: a note for the review history. */
export function DeclineForm({ request }: { request: DealerRequest }) {
  const decline = useDeclineDealerRequest(request.id);
  const form = useForm({
    resolver: zodResolver(declineDealerRequestSchema),
    defaultValues: { note: '' },
    ...VALIDATE_ON_SUBMIT,
  });
  return (
    <form
      className="form dealer-request-decline"
      noValidate
      onSubmit={form.handleSubmit(async ({ note }) => {
        alerts.clear();
        try {
          await decline.mutateAsync(note);
          alerts.show({ type: 'success', content: `The request of ${request.companyName} was declined.` });
        } catch (failure) {
          alerts.showError(failure);
        }
      })}
    >
      <h3>Decline</h3>
      <Field
        label="Note"
        hint="For the review history; the applicant gets a short notice without it"
        error={form.formState.errors.note?.message}
      >
        <textarea rows={3} maxLength={1000} {...form.register('note')} />
      </Field>
      <Button type="submit" variant="secondary" loading={decline.isPending}>
        Decline request
      </Button>
    </form>
  );
}
