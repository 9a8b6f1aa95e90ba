import { z } from 'zod';
import { emailField, optionalText, personNameField, phoneDigits, requiredText } from './validation.ts';
import { messages } from './messages.ts';

/** Subjects offered on /contact-us (decision: the spec does not list the form's fields). */
export const CONTACT_SUBJECTS = [
  'Orders and shipping',
  'Returns and RMA',
  'Billing and invoices',
  'Device activation',
  'Wiring and technical support',
  'Becoming a dealer',
  'Other',
] as const;

export const contactRequestSchema = z.object({
  name: personNameField(80),
  email: emailField(),
  phone: z
    .string()
    .transform(phoneDigits)
    .pipe(z.string().regex(/^(\d{10})?$/, messages.phoneInvalid))
    .optional(),
  company: optionalText(120),
  subject: z.enum(CONTACT_SUBJECTS, { error: messages.requiredField }),
  message: requiredText(4000),
});
export type ContactRequest = z.input<typeof contactRequestSchema>;

export const contactResponseSchema = z.object({ id: z.string(), received: z.literal(true) });
export type ContactResponse = z.infer<typeof contactResponseSchema>;
