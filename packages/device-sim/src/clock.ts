/**
 * The simulator's clock: delays are given in the device's time (a command takes a few seconds, a
 * firmware update tens of seconds) and run `speed` times faster in real time, so tests see a whole
 * firmware update in milliseconds while a demo sees it as in a car. Timestamps are the wall clock:
 * a shared store (two processes, or one restarted) keeps one order of events whatever the speed.
 */
export interface Clock {
  readonly speed: number;
  /** Wall-clock milliseconds since the epoch. */
  now(): number;
  nowIso(): string;
  /** Real milliseconds that `deviceMs` of the device's time take. */
  realMs(deviceMs: number): number;
  /** Runs `callback` after `deviceMs` of the device's time; answers a function that cancels it. */
  after(deviceMs: number, callback: () => void): () => void;
  /** Runs `callback` at a wall-clock time (a due time stored before a restart); at once if past. */
  at(wallMs: number, callback: () => void): () => void;
  /** Cancels every timer not run yet. */
  stop(): void;
}

export function createClock(speed = 1): Clock {
  if (!(speed > 0)) throw new Error(`speed must be positive, got ${speed}`);
  const timers = new Set<NodeJS.Timeout>();
  const schedule = (realDelay: number, callback: () => void) => {
    const timer = setTimeout(
      () => {
        timers.delete(timer);
        callback();
      },
      Math.max(0, realDelay),
    );
    timers.add(timer);
    return () => {
      clearTimeout(timer);
      timers.delete(timer);
    };
  };
  return {
    speed,
    now: () => Date.now(),
    nowIso: () => new Date().toISOString(),
    realMs: (deviceMs) => deviceMs / speed,
    after: (deviceMs, callback) => schedule(deviceMs / speed, callback),
    at: (wallMs, callback) => schedule(wallMs - Date.now(), callback),
    stop() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
