import { z } from 'zod';
import { messages } from './messages.ts';

/**
 * Field rules of spec 01 §5, built once and used by server routes and web forms alike.
 * Each returns a fresh schema so callers can chain `.optional()` etc.
 */
/** Pictographs plus the invisible parts of emoji sequences: variation selector, skin tones, joiner, flags, keycap. */
const EMOJI = /\p{Extended_Pictographic}|\p{Emoji_Modifier}|\p{Regional_Indicator}|\u{FE0F}|\u{200D}|\u{20E3}/gu;

/**
 * spec 01 §5: emoji are stripped from text inputs (decision: stripped, not rejected). Text is
 * also normalised to NFC, so a name pasted in decomposed form matches the letter rules.
 */
export const stripEmoji = (value: string) => value.normalize('NFC').replace(EMOJI, '');

export const requiredText = (max = 255) =>
  z
    .string({ error: messages.requiredField })
    .transform((v) => stripEmoji(v).trim())
    .pipe(
      z
        .string()
        .min(1, messages.requiredField)
        .max(max, messages.maxChars(max + 1)),
    );

export const optionalText = (max = 255) =>
  z
    .string()
    .transform((v) => stripEmoji(v).trim())
    .pipe(z.string().max(max, messages.maxChars(max + 1)))
    .optional();

export const emailField = () =>
  z
    .string({ error: messages.requiredField })
    .trim()
    .min(1, messages.requiredField)
    .pipe(z.email(messages.emailInvalid))
    .transform((v) => v.toLowerCase());

export const personNameField = (max = 50) =>
  requiredText(max).pipe(z.string().regex(/^[\p{L}' -]+$/u, messages.personNameChars));

/** spec 01 §5: exactly ten digits; input may carry the (xxx) xxx - xxxx mask. */
export const phoneDigits = (value: string) => value.replace(/\D/g, '');
export const phoneField = () =>
  z
    .string({ error: messages.requiredField })
    .transform(phoneDigits)
    .pipe(
      z
        .string()
        .min(1, messages.requiredField)
        .regex(/^\d{10}$/, messages.phoneInvalid),
    );

/** spec 01 §5: shown as (xxx) xxx - xxxx, 16 characters. */
export function formatPhone(value: string): string {
  const d = phoneDigits(value).slice(0, 10);
  if (d.length <= 3) return d.length ? `(${d}` : '';
  if (d.length <= 6) return `(${d.slice(0, 3)}) ${d.slice(3)}`;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)} - ${d.slice(6)}`;
}
