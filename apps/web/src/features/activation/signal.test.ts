import { describe, expect, it } from 'vitest';
import { heardAgo, readGps, readSignal } from './signal.ts';

describe('readSignal (issue 29 §4: dBm as four bars and a word)', () => {
  it('cuts at −70, −85, −100 and −110 dBm, each bound on the better side', () => {
    const bars = (dbm: number) => [readSignal(dbm).bars, readSignal(dbm).words];
    expect(bars(-50)).toEqual([4, 'Excellent']);
    expect(bars(-70)).toEqual([4, 'Excellent']);
    expect(bars(-71)).toEqual([3, 'Good']);
    expect(bars(-85)).toEqual([3, 'Good']);
    expect(bars(-86)).toEqual([2, 'Fair']);
    expect(bars(-100)).toEqual([2, 'Fair']);
    expect(bars(-101)).toEqual([1, 'Weak']);
    expect(bars(-110)).toEqual([1, 'Weak']);
    expect(bars(-111)).toEqual([0, 'No signal']);
    expect(bars(-113)).toEqual([0, 'No signal']);
  });

  it('says what to do only when the signal is fair or worse', () => {
    expect(readSignal(-60).advice).toBeNull();
    expect(readSignal(-80).advice).toBeNull();
    expect(readSignal(-95).advice).toBe('Commands may take a little longer.');
    expect(readSignal(-105).advice).toMatch(/move the car out of the bay/);
    expect(readSignal(-112).advice).toMatch(/cannot be reached: move the car outside/);
  });

  it('a signal not reported yet is no bars and says so, without advice', () => {
    for (const dbm of [null, undefined, Number.NaN])
      expect(readSignal(dbm)).toEqual({ bars: 0, words: 'Not reported yet', advice: null });
  });
});

describe('readGps', () => {
  it('says each GPS status in words, good only with a fix', () => {
    expect(readGps('fix')).toEqual({ words: 'GPS fix: the unit knows where it is', ok: true });
    expect(readGps('no-fix')).toMatchObject({ ok: false, words: expect.stringMatching(/view of the sky/) });
    expect(readGps('antenna-open')).toMatchObject({ ok: false, words: expect.stringMatching(/antenna plug/) });
    expect(readGps(null)).toEqual({ words: 'GPS not reported yet', ok: false });
    expect(readGps('something-else')).toEqual({ words: 'GPS not reported yet', ok: false });
  });
});

describe('heardAgo', () => {
  const now = Date.parse('2026-11-27T21:00:00.000Z');
  const ago = (ms: number) => heardAgo(new Date(now - ms).toISOString(), now);

  it('just now under 5 s, then seconds, minutes, hours and days, rounded down past a minute', () => {
    expect(ago(0)).toBe('just now');
    expect(ago(4_400)).toBe('just now');
    expect(ago(5_000)).toBe('5 s ago');
    expect(ago(59_000)).toBe('59 s ago');
    expect(ago(60_000)).toBe('1 min ago');
    expect(ago(3_599_000)).toBe('59 min ago');
    expect(ago(3_600_000)).toBe('1 h ago');
    expect(ago(86_399_000)).toBe('23 h ago');
    expect(ago(2 * 86_400_000 + 5_000)).toBe('2 days ago');
  });

  it('never without a time or with one that is not a time; a clock a little ahead reads as just now', () => {
    expect(heardAgo(null, now)).toBe('never');
    expect(heardAgo(undefined, now)).toBe('never');
    expect(heardAgo('', now)).toBe('never');
    expect(heardAgo('not a time', now)).toBe('never');
    expect(heardAgo(new Date(now + 30_000).toISOString(), now)).toBe('just now');
  });
});
