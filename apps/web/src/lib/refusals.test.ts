import { describe, expect, it } from 'vitest';
import { REFUSAL_CODES } from '@portal/contracts/refusals';
import { ApiError } from './api.ts';
import { isUnsettled, placeRefusal, type RefusalOptions } from './refusals.ts';

const answer = (status: number, body: ConstructorParameters<typeof ApiError>[2]) =>
  new ApiError(status, 'Status', body);
const input = { lines: ['a', 'b'] };
const options: RefusalOptions<typeof input, string> = {
  noAnswer: 'No answer came.',
  fieldOf: (field, sent) => {
    const line = /^lines\.(\d+)$/.exec(field);
    return line ? `line-${sent.lines[Number(line[1])]}` : null;
  },
};

describe('placeRefusal: where a refusal shows, by its code', () => {
  it('no answer, a server failure or the first try still running: unsettled', () => {
    expect(placeRefusal(new TypeError('Failed to fetch'), input, options)).toEqual({
      place: 'unsettled',
      lines: ['No answer came.'],
    });
    expect(placeRefusal(answer(503, { detail: 'Down.' }), input, options)).toEqual({
      place: 'unsettled',
      lines: ['Down.'],
    });
    expect(
      placeRefusal(answer(409, { detail: 'Any words.', code: REFUSAL_CODES.IN_PROGRESS }), input, options).place,
    ).toBe('unsettled');
    // By its code only: the in-progress words alone are a refusal like any other.
    expect(isUnsettled(answer(409, { detail: 'Still running.' }))).toBe(false);
  });

  it('every payment method code, and a decline, shows under the payment choice, whatever its words', () => {
    for (const code of [
      REFUSAL_CODES.TERMS_PAST_DUE,
      REFUSAL_CODES.TERMS_NO_CREDIT,
      REFUSAL_CODES.TERMS_UNAVAILABLE,
      REFUSAL_CODES.BANK_UNVERIFIED,
      REFUSAL_CODES.CARD_EXPIRED,
      REFUSAL_CODES.PAYMENT_METHOD_NOT_FOUND,
      REFUSAL_CODES.PAYMENT_METHOD_REQUIRED,
      REFUSAL_CODES.PAYMENT_METHOD_CHANGED,
    ])
      expect(placeRefusal(answer(400, { detail: 'Words never seen.', code }), input, options)).toEqual({
        place: 'paymentMethod',
        declined: false,
        status: 400,
        code,
        detail: 'Words never seen.',
        lines: ['Words never seen.'],
      });
    const declined = placeRefusal(
      answer(402, { detail: 'Declined.', code: REFUSAL_CODES.PAYMENT_ERROR }),
      input,
      options,
    );
    expect(declined).toMatchObject({ place: 'paymentMethod', declined: true, detail: 'Declined.' });
  });

  it('the words alone place nothing: an uncoded refusal goes to the problem area', () => {
    expect(placeRefusal(answer(400, { detail: 'This card has expired.' }), input, options)).toEqual({
      place: 'problem',
      status: 400,
      code: undefined,
      detail: 'This card has expired.',
      lines: ['This card has expired.'],
    });
    expect(
      placeRefusal(
        answer(422, { detail: 'Partial.', code: REFUSAL_CODES.PARTIAL_PAYMENT_NOT_ALLOWED }),
        input,
        options,
      ),
    ).toMatchObject({ place: 'problem', code: REFUSAL_CODES.PARTIAL_PAYMENT_NOT_ALLOWED });
  });

  it('field errors go to the fields the page names; the rest are lines for the problem area', () => {
    const placed = placeRefusal(
      answer(400, {
        validation: [
          { field: 'lines.1', messages: ['Too much.', 'second'] },
          { field: 'total', messages: ['Too small'] },
        ],
      }),
      input,
      options,
    );
    expect(placed).toMatchObject({
      place: 'fields',
      fields: [{ field: 'line-b', message: 'Too much.' }],
      rest: ['total: Too small'],
    });
    // Without a field map, every entry is a line.
    expect(
      placeRefusal(answer(400, { validation: [{ field: 'lines.0', messages: ['No.'] }] }), input, { noAnswer: '' }),
    ).toMatchObject({ place: 'fields', fields: [], rest: ['lines.0: No.'], lines: ['lines.0: No.'] });
  });
});
