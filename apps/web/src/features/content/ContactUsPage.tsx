import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import type { ContactRequest, ContactResponse } from '@portal/contracts';
import { COMPANY } from '@portal/contracts/constants';
import { CONTACT_SUBJECTS, contactRequestSchema } from '@portal/contracts/content';
import { routes } from '@portal/contracts/endpoints/routes';
import { call } from '../../lib/api.ts';
import { alerts } from '../../components/alerts.ts';
import { Button } from '../../components/Button.tsx';
import { Field } from '../../components/form/Field.tsx';
import { useDelayedValidation } from '../../components/form/useDelayedValidation.ts';
import { ContentPage } from './ContentPage.tsx';
import { phoneInputProps } from '../../components/form/phoneInput.ts';
import { withoutEmoji } from '../../components/form/withoutEmoji.ts';

const EMPTY: ContactRequest = {
  name: '',
  email: '',
  phone: '',
  company: '',
  subject: '' as ContactRequest['subject'],
  message: '',
};

/** /contact-us: a message to support, stored and mailed to the support inbox. */
export default function ContactUsPage() {
  const [sent, setSent] = useState<ContactResponse | null>(null);
  const form = useForm<ContactRequest>({
    resolver: zodResolver(contactRequestSchema),
    defaultValues: EMPTY,
    mode: 'onSubmit',
  });
  useDelayedValidation(form);
  const send = useMutation({
    mutationFn: (body: ContactRequest) => call(routes.content.contactUs, { body }),
    onSuccess: (data) => {
      setSent(data);
      form.reset(EMPTY);
    },
    onError: (error) => alerts.showError(error),
  });
  const errors = form.formState.errors;

  return (
    <ContentPage title="Contact Us">
      <p>
        Questions about an order, a return, an invoice, an activation or a wiring diagram? Send us a message and our
        support team answers within one business day. For urgent help during an install, call {COMPANY.supportPhone}.
      </p>
      {sent ? (
        <div className="success-panel" role="status">
          <h2>Thank you, your message has been sent.</h2>
          <p>
            Your reference is <strong>{sent.id.slice(0, 8).toUpperCase()}</strong>. We reply to the e-mail address you
            gave us.
          </p>
          <Button variant="secondary" onClick={() => setSent(null)}>
            Send another message
          </Button>
        </div>
      ) : (
        <form
          className="form contact-form"
          noValidate
          onSubmit={form.handleSubmit((values) => send.mutateAsync(values).catch(() => {}))}
        >
          <div className="form-row">
            <Field label="Name" error={errors.name?.message}>
              <input type="text" autoComplete="name" {...withoutEmoji(form.register('name'))} />
            </Field>
            <Field label="Email" error={errors.email?.message}>
              <input type="email" autoComplete="email" {...form.register('email')} />
            </Field>
          </div>
          <div className="form-row">
            <Field label="Phone" optional error={errors.phone?.message}>
              <input {...phoneInputProps(form.register, 'phone')} />
            </Field>
            <Field label="Company" optional error={errors.company?.message}>
              <input type="text" autoComplete="organization" {...withoutEmoji(form.register('company'))} />
            </Field>
          </div>
          <Field label="Subject" error={errors.subject?.message}>
            <select {...form.register('subject')}>
              <option value="">Choose a subject</option>
              {CONTACT_SUBJECTS.map((subject) => (
                <option key={subject} value={subject}>
                  {subject}
                </option>
              ))}
            </select>
          </Field>
          <Field label="Message" error={errors.message?.message}>
            <textarea rows={6} {...withoutEmoji(form.register('message'))} />
          </Field>
          <Button type="submit" loading={send.isPending}>
            Send message
          </Button>
        </form>
      )}
    </ContentPage>
  );
}
