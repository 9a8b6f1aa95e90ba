import { COUNTRY_NAMES, formatPhone, PHONE_COUNTRY_CODES, type DealerRequestValues } from '@portal/contracts';
import type { MailMessage } from '../../adapters/mail.ts';
import type { DealerRequestRow } from './repo.ts';

/** The e-mails of a dealer request: what sales and the applicant are told at each step (issue 5 §7). */

const phoneText = (country: string, phone: string) =>
  `${PHONE_COUNTRY_CODES[country as keyof typeof PHONE_COUNTRY_CODES] ?? '+1'} ${formatPhone(phone)}`;

/** To sales on a new request: everything in it, and a link to review it. */
export function newRequestToSales(
  origin: string,
  salesInbox: string,
  input: DealerRequestValues,
  requestId: string,
): MailMessage {
  return {
    to: salesInbox,
    replyTo: input.email,
    subject: `[Dealer request] ${input.companyName} — ${input.city}, ${input.countryArea}`,
    text: [
      `${input.firstName} ${input.lastName} <${input.email}> asks for a dealer account.`,
      '',
      `Company: ${input.companyName}`,
      `Phone: ${phoneText(input.phoneCountry, input.phone)}`,
      input.website ? `Website: ${input.website}` : null,
      `Address: ${[input.streetAddress1, input.streetAddress2].filter(Boolean).join(', ')}, ${input.city}, ${input.countryArea} ${input.postalCode}, ${COUNTRY_NAMES[input.country]}`,
      `Years in business: ${input.yearsInBusiness}`,
      `Installers: ${input.installerCount}`,
      `Brands of interest: ${input.brandsOfInterest.join(', ')}`,
      `Reference: ${referenceOf(requestId)}`,
      '',
      input.message || '(no message)',
      '',
      `Review it: ${origin}/admin/dealer-requests?id=${requestId}`,
    ]
      .filter((line) => line !== null)
      .join('\n'),
  };
}

/** To the applicant: received, with its reference. */
export function receivedToApplicant(input: DealerRequestValues, requestId: string): MailMessage {
  return {
    to: input.email,
    subject: 'We received your dealer request',
    text: [
      `Hello ${input.firstName},`,
      '',
      `Thank you for applying for a dealer account for ${input.companyName}. Your reference is ${referenceOf(requestId)}.`,
      '',
      'Our sales team reviews every request, usually within two business days. Once your account is approved, you will receive an e-mail with a link to set your password and sign in as the owner of your business.',
      '',
      'Questions in the meantime? Reply to this e-mail or call us.',
    ].join('\n'),
  };
}

/** To the new owner: approved, with the link that sets their password. */
export function approvedToApplicant(
  origin: string,
  request: DealerRequestRow,
  sapBpCode: string,
  token: string,
): MailMessage {
  return {
    to: request.email,
    subject: `Your dealer account for ${request.companyName} is approved`,
    text: [
      `Hello ${request.firstName},`,
      '',
      `Good news: ${request.companyName} is now a dealer on the Dealer Portal (account ${sapBpCode}). You are its owner: you can order for the business, invite your installers and manage your dealer profile.`,
      '',
      `Set your password to sign in:\n${origin}/set-password?token=${token}`,
      '',
      'The link works once and expires in 3 days. If it has expired, use "Forgot password" on the sign-in page.',
    ].join('\n'),
  };
}

/** To the applicant when declined: a short notice (the internal note stays with us). */
export function declinedToApplicant(salesInbox: string, request: DealerRequestRow): MailMessage {
  return {
    to: request.email,
    subject: 'Your dealer request',
    text: [
      `Hello ${request.firstName},`,
      '',
      `Thank you for your interest in becoming a dealer. We are unable to approve the request for ${request.companyName} at this time.`,
      '',
      'Questions? Reply to this e-mail and our sales team will get back to you.',
    ].join('\n'),
    replyTo: salesInbox,
  };
}

const referenceOf = (requestId: string) => requestId.slice(0, 8).toUpperCase();
