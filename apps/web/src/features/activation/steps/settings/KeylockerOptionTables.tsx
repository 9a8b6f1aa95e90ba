import type { StepProps } from '../types.ts';
import { OptionTableEditor } from './OptionTableEditor.tsx';
import { StepFrame, deviceRefOf, useStepData } from './ui.tsx';

interface Saved {
  values: Record<string, number>;
  changes: string[];
}

/**
 * keylocker-option-tables (spec 02 §4): the KeyLocker's standalone or add-on table, whichever its mode is
 * (the server picks it from the mode the keylocker-mode step set). Defaults: 0.8 s lock pulse, 10 min passive
 * arming, 30 s horn.
 */
export function KeylockerOptionTables(props: StepProps) {
  const { device, online, finish } = props;
  const [saved, update] = useStepData<Saved>(props);
  const changes = saved.changes ?? [];
  const mode = device.keylocker?.mode === 'add-on' ? 'Add-on' : 'Standalone';

  return (
    <StepFrame
      purpose="Set how the KeyLocker locks, arms and sounds the horn on this car."
      online={online}
      onContinue={() =>
        finish({
          status: 'done',
          summary: changes.length
            ? `KeyLocker options changed: ${changes.join('; ')}`
            : 'KeyLocker options left at their values',
          data: { ...saved, changes },
        })
      }
    >
      <p className="settings-hint">
        Defaults: 0.8 s lock pulse, 10 minutes passive arming, 30 seconds horn. Change only what this install needs.
      </p>
      <OptionTableEditor
        device={deviceRefOf(props)}
        table={{ kind: 'keylocker' }}
        title={`KeyLocker options (${mode} mode)`}
        online={online}
        onChanged={(values, change) =>
          update((data) => ({ values, changes: [...(data.changes ?? []), change] }), change)
        }
      />
    </StepFrame>
  );
}
