import type { StepProps } from '../types.ts';
import { OptionTableEditor } from './OptionTableEditor.tsx';
import { StepFrame, deviceRefOf, useStepData } from './ui.tsx';

interface Saved {
  poc: Record<string, number>;
  pic: Record<string, number>;
  changes: string[];
}

/** keylocker-poc-pic (spec 02 §4): what the KeyLocker's programmable outputs (POC) and inputs (PIC) do. */
export function KeylockerPocPic(props: StepProps) {
  const { online, finish } = props;
  const [saved, update] = useStepData<Saved>(props);
  const changes = saved.changes ?? [];
  const device = deviceRefOf(props);

  return (
    <StepFrame
      purpose="Choose what the KeyLocker's extra wires do in this car: outputs it drives and inputs it watches."
      online={online}
      onContinue={() =>
        finish({
          status: 'done',
          summary: changes.length ? `KeyLocker POC/PIC changed: ${changes.join('; ')}` : 'KeyLocker POC/PIC unchanged',
          data: { ...saved, changes },
        })
      }
    >
      <OptionTableEditor
        device={device}
        table={{ kind: 'special', schema: 'poc' }}
        title="Programmable outputs (POC)"
        online={online}
        onChanged={(values, change) =>
          update((data) => ({ poc: values, changes: [...(data.changes ?? []), change] }), change)
        }
      />
      <OptionTableEditor
        device={device}
        table={{ kind: 'special', schema: 'pic' }}
        title="Programmable inputs (PIC)"
        online={online}
        onChanged={(values, change) =>
          update((data) => ({ pic: values, changes: [...(data.changes ?? []), change] }), change)
        }
      />
    </StepFrame>
  );
}
