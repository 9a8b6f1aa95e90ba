import { describe, expect, it } from 'vitest';
import { deviceLabel, trustIdFromCookieValue } from './devices.ts';

describe('deviceLabel', () => {
  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
      'Chrome on Windows',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 Edg/131.0',
      'Edge on Windows',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      'Safari on iPhone or iPad',
    ],
    [
      'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36',
      'Chrome on Android',
    ],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14.6; rv:132.0) Gecko/20100101 Firefox/132.0', 'Firefox on macOS'],
    [undefined, 'A browser on an unknown system'],
  ])('%s → %s', (ua, label) => {
    expect(deviceLabel(ua)).toBe(label);
  });
});

describe('trustIdFromCookieValue', () => {
  const id = 'trust-device-aB3_x-9zQwErTyUiOpAsDfGhJkLzXcVb12';
  it('finds the id inside the signed cookie, URL-encoded or not', () => {
    expect(trustIdFromCookieValue(`hmacValue!${id}.c2lnbmF0dXJl`)).toBe(id.slice(0, 'trust-device-'.length + 32));
    expect(trustIdFromCookieValue(encodeURIComponent(`hmac+/=!${id}.sig=`))).toBe(
      id.slice(0, 'trust-device-'.length + 32),
    );
  });
  it('gives nothing for a missing or foreign cookie', () => {
    expect(trustIdFromCookieValue(undefined)).toBeUndefined();
    expect(trustIdFromCookieValue('something-else')).toBeUndefined();
  });
});
