import type { SignalReading } from './signal.ts';

/** Four bars, filled to the reading; the words beside them carry the meaning for screen readers. */
export function SignalBars({ reading }: { reading: SignalReading }) {
  return (
    <span className="signal-bars" aria-hidden="true" data-bars={reading.bars}>
      {[1, 2, 3, 4].map((bar) => (
        <span key={bar} className={bar <= reading.bars ? 'signal-bar is-on' : 'signal-bar'} />
      ))}
    </span>
  );
}
