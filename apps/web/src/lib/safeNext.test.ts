import { describe, expect, it } from 'vitest';
import { safeNext } from './safeNext.ts';

describe('safeNext', () => {
  const ORIGIN = 'https://portal.example';

  it.each([
    'https://evil.example/phish',
    'http://evil.example',
    'javascript:alert(1)',
    '//evil.example',
    '//evil.example/login',
    '/\\evil.example',
    'evil',
    '',
    null,
  ])('rejects %j', (next) => {
    expect(safeNext(next)).toBe('/');
  });

  it.each(['/login', '/logout', '/login?next=%2Fcart', '/logout#now', '/login#x'])('never returns to %s', (next) => {
    expect(safeNext(next)).toBe('/');
  });

  it.each(['/search?s=remote%20start&p=2&so=price-asc', '/invoice/5#top', '/', '/login-help', '/my-orders?page=2'])(
    'keeps %s',
    (next) => {
      expect(safeNext(next)).toBe(next);
    },
  );

  it('whatever it keeps stays on our origin', () => {
    for (const next of ['//evil.example', '/\\evil.example', 'https://evil.example', '/cart?x=1']) {
      expect(new URL(safeNext(next), ORIGIN).origin).toBe(ORIGIN);
    }
  });

  // Browsers strip tab/CR/LF from URLs: '/\t/evil.example' would resolve to https://evil.example/.
  it.each(['/\t/evil.example', '/\n/evil.example', '/\r\\evil.example'])('keeps %j on our origin', (next) => {
    expect(new URL(safeNext(next), ORIGIN).origin).toBe(ORIGIN);
  });
});
