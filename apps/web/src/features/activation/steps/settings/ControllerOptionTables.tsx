import type { StepProps } from '../types.ts';
import { OptionTableEditor } from './OptionTableEditor.tsx';
import { StepFrame, deviceRefOf, useStepData } from './ui.tsx';

interface Saved {
  values: Record<string, number>;
  changes: string[];
}

/** controller-option-tables (spec 02 §4): the remote-start controller's options, read from and written to it. */
export function ControllerOptionTables(props: StepProps) {
  const { device, online, finish } = props;
  const [saved, update] = useStepData<Saved>(props);
  const changes = saved.changes ?? [];
  const schema = device.controller;

  const summary = () =>
    changes.length
      ? `${schema} options changed: ${changes.join('; ')}`
      : `${schema ?? device.controller_model} options left as they were`;

  return (
    <StepFrame
      purpose="Set how the remote-start controller drives this car: lock pulses, runtime, engine sensing."
      online={online}
      onContinue={() => finish({ status: 'done', summary: summary(), data: { ...saved, changes } })}
    >
      {schema ? (
        <OptionTableEditor
          device={deviceRefOf(props)}
          table={{ kind: 'controller', schema }}
          title={`${schema} option table`}
          online={online}
          onChanged={(values, change) =>
            update((data) => ({ values, changes: [...(data.changes ?? []), change] }), change)
          }
        />
      ) : (
        <p>
          The controller ({device.controller_model}) has no option table the portal can set. Continue to the next step.
        </p>
      )}
    </StepFrame>
  );
}
