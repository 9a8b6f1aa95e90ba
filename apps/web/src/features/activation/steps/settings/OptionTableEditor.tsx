import { useId } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from '../../../../components/Button.tsx';
import {
  failureText,
  optionTablesKey,
  optionTablesQuery,
  updateOptionTable,
  useActions,
  type DeviceRef,
  type OptionTableKind,
  type TableAnswer,
} from './deviceCalls.ts';
import { ActionStatus, SelectField } from './ui.tsx';

/**
 * One option table (spec 02 §3, §4): each option with its allowed values, the device's value chosen; a
 * change is written at once (PATCH; the server queries the device first when it must) and reported upward so the
 * step saves it.
 */
export function OptionTableEditor({
  device,
  table,
  title,
  online,
  onChanged,
}: {
  device: DeviceRef;
  table: OptionTableKind;
  title: string;
  online: boolean;
  /** After each change the device confirmed: the table's values now and the line for the summary. */
  onChanged: (values: Record<string, number>, summary: string) => void | Promise<void>;
}) {
  const queryClient = useQueryClient();
  const titleId = useId();
  const read = useQuery({ ...optionTablesQuery(device, table), enabled: online });
  const actions = useActions<string>();

  if (read.isPending)
    return (
      <section className="settings-item" aria-busy="true">
        <h3>{title}</h3>
        <p role="status">{online ? 'Reading the table from the device…' : 'Waiting for the connection…'}</p>
      </section>
    );
  if (read.isError)
    return (
      <section className="settings-item">
        <h3>{title}</h3>
        <p role="alert" className="settings-status is-failed">
          Could not read the table: {failureText(read.error)}
        </p>
        <Button type="button" variant="secondary" disabled={!online} onClick={() => read.refetch()}>
          Read again
        </Button>
      </section>
    );

  const { tables } = read.data;
  const asked = tables.requeries;

  const change = async (id: string, label: string, value: number, valueLabel: string) => {
    const answer = await actions.run(id, () => updateOptionTable(device, table, { [id]: value }));
    if (!answer) return;
    queryClient.setQueryData<TableAnswer>(optionTablesKey(device, table), answer);
    await onChanged(answer.tables.values, `${label}: ${valueLabel}`);
  };

  return (
    <section className="settings-item" aria-labelledby={titleId}>
      <h3 id={titleId}>{title}</h3>
      {asked > 0 && (
        <p className="settings-hint">
          The device had to be queried first ({asked === 1 ? 'once' : `${asked} times`}): the values shown are fresh.
        </p>
      )}
      <ul className="settings-list">
        {tables.definitions.map((definition) => {
          const current = tables.values[definition.id] ?? definition.default;
          const defaultLabel = definition.choices.find((c) => c.value === definition.default)?.label;
          const state = actions.stateOf(definition.id);
          return (
            <li key={definition.id}>
              <SelectField
                label={definition.label}
                hint={defaultLabel ? `Default: ${defaultLabel}` : undefined}
                value={current}
                disabled={!online || state.phase === 'loading' || state.phase === 'sent'}
                options={definition.choices}
                onChange={(value) =>
                  void change(
                    definition.id,
                    definition.label,
                    value,
                    definition.choices.find((c) => c.value === value)?.label ?? String(value),
                  )
                }
              />
              <ActionStatus state={state} successText="Saved on the device." />
            </li>
          );
        })}
      </ul>
    </section>
  );
}
