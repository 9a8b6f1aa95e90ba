/**
 * How an installer reads the unit's reachability (issue 29 §4): cellular strength as bars and a word, the GPS
 * fix in plain words, and how long ago the device was last heard from.
 */
export interface SignalReading {
  bars: 0 | 1 | 2 | 3 | 4;
  words: string;
  /** What to do about it, when anything. */
  advice: string | null;
}

/** Received strength in dBm (−50 excellent … −113 none) as bars, the way a phone shows them. */
export function readSignal(dbm: number | null | undefined): SignalReading {
  if (dbm === null || dbm === undefined || Number.isNaN(dbm))
    return { bars: 0, words: 'Not reported yet', advice: null };
  if (dbm >= -70) return { bars: 4, words: 'Excellent', advice: null };
  if (dbm >= -85) return { bars: 3, words: 'Good', advice: null };
  if (dbm >= -100) return { bars: 2, words: 'Fair', advice: 'Commands may take a little longer.' };
  if (dbm >= -110)
    return { bars: 1, words: 'Weak', advice: 'Commands may be slow or fail: move the car out of the bay if you can.' };
  return { bars: 0, words: 'No signal', advice: 'The unit cannot be reached: move the car outside, then try again.' };
}

export function readGps(status: string | null | undefined): { words: string; ok: boolean } {
  switch (status) {
    case 'fix':
      return { words: 'GPS fix: the unit knows where it is', ok: true };
    case 'no-fix':
      return { words: 'No GPS fix yet: the unit needs a view of the sky (move the car outside)', ok: false };
    case 'antenna-open':
      return { words: 'GPS antenna not connected: check the antenna plug on the unit', ok: false };
    default:
      return { words: 'GPS not reported yet', ok: false };
  }
}

/** '12 s ago', '3 min ago', '2 h ago', or 'never' (from an ISO time and now). */
export function heardAgo(iso: string | null | undefined, now = Date.now()): string {
  if (!iso) return 'never';
  const seconds = Math.max(0, Math.round((now - Date.parse(iso)) / 1_000));
  if (Number.isNaN(seconds)) return 'never';
  if (seconds < 5) return 'just now';
  if (seconds < 60) return `${seconds} s ago`;
  if (seconds < 3_600) return `${Math.floor(seconds / 60)} min ago`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3_600)} h ago`;
  return `${Math.floor(seconds / 86_400)} days ago`;
}
