import { useState } from 'react';
import { ACTIVATION_STEP_TITLES } from '@portal/contracts/activation';
import { Button } from '../../components/Button.tsx';
import type { StepProps } from './steps/types.ts';

/** A step whose screen is not built yet: said plainly, with Skip so the rest of the flow stays usable. */
export function MissingStep({ step, finish }: StepProps) {
  const [busy, setBusy] = useState(false);
  return (
    <div className="activation-step">
      <p className="activation-note">
        The “{ACTIVATION_STEP_TITLES[step]}” screen is not available in the portal yet. Skip it to go on: the unit keeps
        what it has now, and the step shows as skipped in the summary.
      </p>
      <Button
        type="button"
        loading={busy}
        onClick={async () => {
          setBusy(true);
          try {
            await finish({
              status: 'skipped',
              summary: `${ACTIVATION_STEP_TITLES[step]}: skipped (not available yet)`,
            });
          } finally {
            setBusy(false);
          }
        }}
      >
        Skip this step
      </Button>
    </div>
  );
}
