import { useState } from 'react';
import { HARDWIRE_INPUT_OPTIONS, HARDWIRE_OUTPUT_OPTIONS } from '@portal/contracts/devices';
import { Button } from '../../../../components/Button.tsx';
import type { StepProps } from '../types.ts';
import { setHardwiredMode, useActions, type HardwireInput, type HardwireOutput } from './deviceCalls.ts';
import { ActionStatus, SelectField, StepFrame, deviceRefOf, useStepData } from './ui.tsx';

interface Saved {
  /** What the device confirmed. */
  hardwired_input: HardwireInput;
  hardwired_output: HardwireOutput;
}

const INPUT_HINTS: Record<HardwireInput, string> = {
  None: 'nothing is wired to the input',
  Low: 'triggers when the wire goes to ground',
  High: 'triggers when the wire goes to +12 V',
  'High/Low': 'triggers on either',
};
const OUTPUT_HINTS: Record<HardwireOutput, string> = {
  None: 'the output stays unused',
  'Starter Kill': 'stops the engine from cranking while armed',
  Unlock: 'pulses to unlock the doors',
  Trunk: 'pulses to open the trunk',
  Panic: 'drives the horn or lights in a panic',
};

/** hardwire-x1max (spec 02 §3): what the X1MAX's wired input watches and what its wired output drives. */
export function HardwireX1max(props: StepProps) {
  const { online, finish } = props;
  const [saved, update] = useStepData<Saved>(props);
  const [input, setInput] = useState<HardwireInput>(saved.hardwired_input ?? 'None');
  const [output, setOutput] = useState<HardwireOutput>(saved.hardwired_output ?? 'None');
  const actions = useActions<'hardwire'>();
  const state = actions.stateOf('hardwire');
  const busy = state.phase === 'loading' || state.phase === 'sent';

  const send = async () => {
    const chosen = { hardwired_input: input, hardwired_output: output };
    const job = await actions.run('hardwire', (sent) => setHardwiredMode(deviceRefOf(props), chosen, sent));
    if (job) await update(chosen, `Hardwire input ${input}, output ${output}`);
  };

  return (
    <StepFrame
      purpose="Tell the X1MAX what its extra wires are connected to in this car."
      online={online}
      canContinue={!busy}
      onContinue={() =>
        finish({
          status: 'done',
          summary: saved.hardwired_input
            ? `Hardwire input ${saved.hardwired_input}, output ${saved.hardwired_output}`
            : 'Hardwire left as it was',
          data: { ...saved },
        })
      }
    >
      <SelectField<HardwireInput>
        label="Hardwired input"
        hint={`${input}: ${INPUT_HINTS[input]}.`}
        value={input}
        options={HARDWIRE_INPUT_OPTIONS.map((value) => ({ value, label: value }))}
        disabled={busy}
        onChange={setInput}
      />
      <SelectField<HardwireOutput>
        label="Hardwired output"
        hint={`${output}: ${OUTPUT_HINTS[output]}.`}
        value={output}
        options={HARDWIRE_OUTPUT_OPTIONS.map((value) => ({ value, label: value }))}
        disabled={busy}
        onChange={setOutput}
      />
      <Button type="button" onClick={() => void send()} disabled={!online || busy} loading={busy}>
        Send to the device
      </Button>
      <ActionStatus state={state} successText={`Hardwire set: input ${input}, output ${output}.`} />
      {state.phase === 'idle' && saved.hardwired_input && (
        <p className="settings-hint">
          Set earlier: input {saved.hardwired_input}, output {saved.hardwired_output}.
        </p>
      )}
    </StepFrame>
  );
}
