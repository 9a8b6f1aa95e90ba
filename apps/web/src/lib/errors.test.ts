import { describe, expect, it } from 'vitest';
import { messages } from '@portal/contracts/messages';
import { alertLinesFor } from './errors.ts';
import { ApiError } from './api.ts';

describe('alertLinesFor (spec 01 §8)', () => {
  it('a plain string is the line', () => {
    expect(alertLinesFor('Card declined')).toEqual(['Card declined']);
  });

  it('reads a string message', () => {
    expect(alertLinesFor({ message: 'x' })).toEqual(['x']);
    expect(alertLinesFor(new Error('boom'))).toEqual(['boom']);
  });

  it('turns validation entries into "field name: first message"', () => {
    expect(
      alertLinesFor({ message: { validation: [{ field: 'first_name', messages: ['Required field', 'other'] }] } }),
    ).toEqual(['first name: Required field']);
  });

  it('replaces every underscore and gives one line per entry', () => {
    expect(
      alertLinesFor({
        message: {
          validation: [
            { field: 'billing_address_line_1', messages: [messages.requiredField] },
            { field: 'email', messages: [messages.emailInvalid, 'second'] },
          ],
        },
      }),
    ).toEqual([`billing address line 1: ${messages.requiredField}`, `email: ${messages.emailInvalid}`]);
  });

  it('an entry without messages falls back to Something went wrong', () => {
    expect(alertLinesFor({ message: { validation: [{ field: 'po_number', messages: [] }] } })).toEqual([
      `po number: ${messages.somethingWentWrong}`,
    ]);
  });

  it('authorize entries use their own message, without a field prefix', () => {
    expect(
      alertLinesFor({ message: { validation: [{ field: 'authorize', message: 'You may not view this invoice.' }] } }),
    ).toEqual(['You may not view this invoice.']);
    expect(
      alertLinesFor({ message: { validation: [{ field: 'authorize', messages: ['Not allowed for installers.'] }] } }),
    ).toEqual(['Not allowed for installers.']);
    expect(alertLinesFor({ message: { validation: [{ field: 'authorize' }] } })).toEqual([messages.somethingWentWrong]);
  });

  it('reads message.detail', () => {
    expect(alertLinesFor({ message: { detail: 'd' } })).toEqual(['d']);
  });

  it('reads message.saleorErrors, one line each', () => {
    expect(alertLinesFor({ message: { saleorErrors: [{ message: 's' }, { message: 't' }] } })).toEqual(['s', 't']);
    expect(alertLinesFor({ message: { saleorErrors: [{}] } })).toEqual([messages.somethingWentWrong]);
  });

  describe('ApiError', () => {
    it('with a detail body shows the detail', () => {
      expect(alertLinesFor(new ApiError(400, 'Bad Request', { detail: messages.noLinkedBusiness }))).toEqual([
        messages.noLinkedBusiness,
      ]);
    });

    it('with a validation body shows the field lines', () => {
      const error = new ApiError(422, 'Unprocessable Entity', {
        validation: [{ field: 'last_name', messages: [messages.personNameChars] }],
      });
      expect(alertLinesFor(error)).toEqual([`last name: ${messages.personNameChars}`]);
    });

    it('without a body shows status and status text', () => {
      expect(alertLinesFor(new ApiError(503, 'Service Unavailable', null))).toEqual(['503 Service Unavailable']);
    });

    it('with a body that carries neither detail nor validation shows status and status text', () => {
      expect(alertLinesFor(new ApiError(500, 'Internal Server Error', {}))).toEqual(['500 Internal Server Error']);
    });

    it('status 0 defaults to 418', () => {
      expect(alertLinesFor(new ApiError(0, 'Network Error', null))).toEqual(['418 Network Error']);
      expect(alertLinesFor(new ApiError(0, '', null))).toEqual(['418']);
    });
  });

  it.each([
    ['empty string', ''],
    ['blank string', '   '],
    ['null', null],
    ['undefined', undefined],
    ['a number', 42],
    ['an empty object', {}],
    ['an empty message', { message: '' }],
    ['an unknown message object', { message: { code: 'E42' } }],
    ['an empty validation list', { message: { validation: [] } }],
    ['an empty saleorErrors list', { message: { saleorErrors: [] } }],
  ])('%s gives the generic message', (_label, error) => {
    expect(alertLinesFor(error)).toEqual([messages.unexpected]);
  });
});
