import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { messages } from './messages.ts';
import {
  emailField,
  formatPhone,
  optionalText,
  personNameField,
  phoneDigits,
  phoneField,
  requiredText,
  stripEmoji,
} from './validation.ts';
import { CONTACT_SUBJECTS, contactRequestSchema } from './content.ts';

/** The first issue of a failed parse (message and path); fails the test if the parse succeeded. */
function firstIssue(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value);
  expect(result.success, `expected ${JSON.stringify(value)} to be rejected`).toBe(false);
  const issue = result.error!.issues[0]!;
  return { message: issue.message, path: issue.path };
}

function parsed(schema: z.ZodType, value: unknown): unknown {
  const result = schema.safeParse(value);
  expect(
    result.success,
    `expected ${JSON.stringify(value)} to be accepted: ${JSON.stringify(result.error?.issues)}`,
  ).toBe(true);
  return result.data;
}

describe('emailField', () => {
  it('trims and lowercases', () => {
    expect(parsed(emailField(), '  Dana.Kowalski@Demo.TEST ')).toBe('dana.kowalski@demo.test');
  });

  it.each(['not-an-email', 'dana@', '@demo.test', 'dana at demo.test', 'dana@demo'])(
    'rejects %j with Email invalid',
    (value) => {
      expect(firstIssue(emailField(), value).message).toBe(messages.emailInvalid);
    },
  );

  it.each(['', '   ', undefined])('empty %j is a Required field', (value) => {
    expect(firstIssue(emailField(), value).message).toBe(messages.requiredField);
  });
});

describe('personNameField', () => {
  it.each(['Dana', "O'Neil", 'Mary-Jane', 'Van der Berg', 'José Álvarez', 'Zoë Brontë', 'Søren Ørsted', 'Łukasz'])(
    'accepts %j',
    (value) => {
      expect(parsed(personNameField(), value)).toBe(value);
    },
  );

  it('trims and strips emoji before checking', () => {
    expect(parsed(personNameField(), '  Dana 😀 ')).toBe('Dana');
  });

  it.each(['Dana2', 'R2D2', '123', 'Dana@home', 'Dana_K', 'Dana.K'])(
    'rejects %j with the person-name message',
    (value) => {
      expect(firstIssue(personNameField(), value).message).toBe(messages.personNameChars);
    },
  );

  it('empty or emoji-only is a Required field', () => {
    expect(firstIssue(personNameField(), '').message).toBe(messages.requiredField);
    expect(firstIssue(personNameField(), '😀').message).toBe(messages.requiredField);
  });

  it('caps the length (max 50 by default)', () => {
    expect(parsed(personNameField(), 'a'.repeat(50))).toBe('a'.repeat(50));
    expect(firstIssue(personNameField(), 'a'.repeat(51)).message).toBe(messages.maxChars(51));
  });

  // A name typed or pasted in decomposed form (e + U+0301, common from macOS sources) is
  // accepted and stored in composed form.
  it('accepts accented letters in decomposed (NFD) form, stored as NFC', () => {
    expect(parsed(personNameField(), 'José'.normalize('NFD'))).toBe('José'.normalize('NFC'));
  });
});

describe('requiredText', () => {
  it('strips emoji and trims', () => {
    expect(stripEmoji('Great install 🚗🔧!')).toBe('Great install !');
    expect(parsed(requiredText(), '  Great install 🚗 ')).toBe('Great install');
  });

  it.each(['😀', '😀😀', ' 🚗 🔧 '])('emoji-only %j is a Required field', (value) => {
    expect(firstIssue(requiredText(), value).message).toBe(messages.requiredField);
  });

  it.each(['', '   ', undefined])('empty %j is a Required field', (value) => {
    expect(firstIssue(requiredText(), value).message).toBe(messages.requiredField);
  });

  it('caps the length with "less than max+1"', () => {
    expect(parsed(requiredText(5), 'abcde')).toBe('abcde');
    expect(firstIssue(requiredText(5), 'abcdef').message).toBe(messages.maxChars(6));
  });

  // Emoji sequences leave nothing behind: variation selector U+FE0F, skin-tone modifiers,
  // zero-width joiners and regional-indicator flags are stripped with the pictographs.
  it.each([
    ['heart with variation selector', '❤️'],
    ['check mark with variation selector', '✔️'],
    ['thumbs up with skin tone', '👍🏽'],
    ['family (ZWJ sequence)', '👨‍👩‍👧'],
    ['flag', '🇺🇸'],
  ])('emoji-only %s is a Required field', (_label, value) => {
    expect(firstIssue(requiredText(), value).message).toBe(messages.requiredField);
  });
});

describe('optionalText', () => {
  it('is optional, strips emoji and caps the length', () => {
    expect(parsed(optionalText(), undefined)).toBeUndefined();
    expect(parsed(optionalText(), ' Northside 😀 ')).toBe('Northside');
    expect(firstIssue(optionalText(3), 'abcd').message).toBe(messages.maxChars(4));
  });
});

describe('phoneField', () => {
  it.each([
    ['(555) 010 - 0001', '5550100001'],
    ['5550100001', '5550100001'],
    ['555-010-0001', '5550100001'],
  ])('accepts %j as ten digits', (value, digits) => {
    expect(parsed(phoneField(), value)).toBe(digits);
  });

  it.each(['555010000', '(555) 010 - 000', '55501000011'])('rejects %j with Phone number invalid', (value) => {
    expect(firstIssue(phoneField(), value).message).toBe(messages.phoneInvalid);
  });

  it.each(['', undefined])('empty %j is a Required field', (value) => {
    expect(firstIssue(phoneField(), value).message).toBe(messages.requiredField);
  });

  it('phoneDigits keeps digits only', () => {
    expect(phoneDigits('(555) 010 - 0001')).toBe('5550100001');
  });
});

describe('formatPhone', () => {
  it('formats ten digits as (xxx) xxx - xxxx, 16 characters', () => {
    const shown = formatPhone('5550100001');
    expect(shown).toBe('(555) 010 - 0001');
    expect(shown).toHaveLength(16);
  });

  it.each([
    ['', ''],
    ['5', '(5'],
    ['555', '(555'],
    ['5550', '(555) 0'],
    ['555010', '(555) 010'],
    ['5550100', '(555) 010 - 0'],
    ['555010000', '(555) 010 - 000'],
  ])('shapes partial input %j as %j while typing', (value, shown) => {
    expect(formatPhone(value)).toBe(shown);
  });

  it('is idempotent, ignores non-digits and stops at ten digits', () => {
    expect(formatPhone('(555) 010 - 0001')).toBe('(555) 010 - 0001');
    expect(formatPhone('abc')).toBe('');
    expect(formatPhone('555010000199')).toBe('(555) 010 - 0001');
  });
});

describe('contactRequestSchema', () => {
  const valid = {
    name: 'Dana Kowalski',
    email: ' Dana@Demo.TEST ',
    phone: '(555) 010 - 0001',
    company: 'Northside Auto Sound',
    subject: CONTACT_SUBJECTS[0],
    message: 'Please call me about a bulk order of remote starters.',
  };

  it('accepts a complete request and normalises it', () => {
    expect(parsed(contactRequestSchema, valid)).toEqual({
      ...valid,
      email: 'dana@demo.test',
      phone: '5550100001',
    });
  });

  it('phone and company are optional; an empty phone is allowed', () => {
    const { phone: _phone, company: _company, ...required } = valid;
    expect(parsed(contactRequestSchema, required)).toMatchObject({ name: 'Dana Kowalski' });
    expect(parsed(contactRequestSchema, { ...required, phone: '' })).toMatchObject({ phone: '' });
  });

  it.each([
    ['name', '', messages.requiredField],
    ['name', 'D4na', messages.personNameChars],
    ['name', 'a'.repeat(81), messages.maxChars(81)],
    ['email', '', messages.requiredField],
    ['email', 'dana@', messages.emailInvalid],
    ['phone', '555 010', messages.phoneInvalid],
    ['company', 'c'.repeat(121), messages.maxChars(121)],
    ['subject', 'Something else', messages.requiredField],
    ['subject', undefined, messages.requiredField],
    ['message', '', messages.requiredField],
    ['message', '🙂🙂', messages.requiredField],
    ['message', 'm'.repeat(4001), messages.maxChars(4001)],
  ] as const)('%s = %j gives its message', (field, value, message) => {
    const issue = firstIssue(contactRequestSchema, { ...valid, [field]: value });
    expect(issue.path).toEqual([field]);
    expect(issue.message).toBe(message);
  });

  it('a missing name or email is a Required field', () => {
    const { name: _name, ...noName } = valid;
    const { email: _email, ...noEmail } = valid;
    expect(firstIssue(contactRequestSchema, noName)).toEqual({ message: messages.requiredField, path: ['name'] });
    expect(firstIssue(contactRequestSchema, noEmail)).toEqual({ message: messages.requiredField, path: ['email'] });
  });
});
