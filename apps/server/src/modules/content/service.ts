import type { z } from 'zod';
import type { contactRequestSchema } from '@portal/contracts';
import { formatPhone } from '@portal/contracts';
import type { RateLimitRule } from '../../plugins/rate-limit.ts';
import type { AppContext } from '../../context.ts';
import { insertContactMessage, slidesShowingAt } from './repo.ts';

type ContactInput = z.output<typeof contactRequestSchema>;

/**
 * A public form that mails support: enough for a person who retries, far too few to flood the inbox;
 * counted per address across instances (issue 14 §5).
 */
export const CONTACT_RATE_LIMITS = {
  submitPerIp: { limit: 5, windowMs: 60 * 60_000 },
} satisfies Record<string, RateLimitRule>;

/** Stores a contact-us message and mails it to the support inbox, in one transaction. */
export async function submitContactMessage(ctx: AppContext, input: ContactInput, userId: string | null) {
  return ctx.db.transaction(async (tx) => {
    const id = await insertContactMessage(tx, {
      name: input.name,
      email: input.email,
      phone: input.phone || null,
      company: input.company || null,
      subject: input.subject,
      message: input.message,
      userId,
    });
    const lines = [
      `From: ${input.name} <${input.email}>`,
      input.phone ? `Phone: ${formatPhone(input.phone)}` : null,
      input.company ? `Company: ${input.company}` : null,
      `Subject: ${input.subject}`,
      `Reference: ${id}`,
      '',
      input.message,
    ].filter((line) => line !== null);
    await ctx.mailer.send(
      {
        to: ctx.config.CONTACT_INBOX,
        replyTo: input.email,
        subject: `[Contact] ${input.subject} — ${input.name}`,
        text: lines.join('\n'),
      },
      tx,
    );
    return id;
  });
}

/** The carousel's slides showing now: no window, or a window that includes now. */
export async function homeSlidesNow(ctx: AppContext, now = new Date()) {
  const rows = await slidesShowingAt(ctx.db, now);
  return rows.map(({ id, title, body, ctaLabel, ctaHref, theme }) => ({ id, title, body, ctaLabel, ctaHref, theme }));
}
