import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { installSchema } from '@portal/contracts/devices';
import { vehicleYears } from '@portal/contracts/vehicle-rules';
import { Button } from '../../../../components/Button.tsx';
import { Field } from '../../../../components/form/Field.tsx';
import type { StepProps } from '../types.ts';
import { VinScanButton } from '../../../vin-scan/index.ts';
import { IDLE, failureText, vinQuery, yearMakeModelQuery, type ActionState } from './deviceCalls.ts';
import { ActionStatus, SelectField, StepFrame, useStepData } from './ui.tsx';

/** What the completion step sends with the install (contracts installSchema `vehicle`). */
export interface Vehicle {
  vin?: string;
  year: number;
  make: string;
  model: string;
}
interface Saved {
  vehicle: Partial<Vehicle>;
  /** The cascade's ids, so a reload shows the same choices. */
  makeId: string;
  modelId: string;
}

const YEARS = vehicleYears().map((year) => ({ value: String(year), label: String(year) }));
/** The contract's VIN rule (17 letters and digits, no I, O or Q). */
const vinRule = installSchema.shape.vehicle.unwrap().shape.vin.unwrap();
/** The value of a decoded make or model the cascade's list does not hold (no id to choose it by). */
const NAMED = 'name:';
const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * set-vehicle-details (issue 29, spec 01 §4 cascade): the car the unit goes into, by year, make and model,
 * or by its VIN decoded to them. Kept in the step's data as `vehicle`; the completion step sends it.
 */
export function SetVehicleDetails(props: StepProps) {
  const { online, finish } = props;
  const queryClient = useQueryClient();
  const [saved, update] = useStepData<Saved>(props);
  const vehicle = saved.vehicle ?? {};
  const year = vehicle.year ? String(vehicle.year) : '';
  const makeId = saved.makeId ?? '';
  const [vin, setVin] = useState(vehicle.vin ?? '');
  const [vinError, setVinError] = useState<string>();
  const [decode, setDecode] = useState<ActionState>(IDLE);

  const makes = useQuery({ ...yearMakeModelQuery(year), enabled: year !== '' });
  const models = useQuery({ ...yearMakeModelQuery(year, makeId), enabled: year !== '' && makeId !== '' });

  const keep = (next: Partial<Saved>, summary?: string) => update(next, summary);

  const chooseYear = (value: string) => {
    // spec 01 §4: a new year clears the make and model, and a VIN that named another car.
    setVin('');
    setDecode(IDLE);
    return keep({ vehicle: { year: Number(value) }, makeId: '', modelId: '' });
  };
  const chooseMake = (id: string) => {
    if (id.startsWith(NAMED)) return;
    const name = makes.data?.find((make) => make.value === id)?.name ?? '';
    return keep({ vehicle: { year: vehicle.year, make: name }, makeId: id, modelId: '' });
  };
  const chooseModel = (id: string) => {
    if (id.startsWith(NAMED)) return;
    const name = models.data?.find((model) => model.value === id)?.name ?? '';
    const chosen = { ...vehicle, model: name };
    return keep({ vehicle: chosen, modelId: id }, describe(chosen));
  };

  const decodeVin = async (value = vin) => {
    const parsed = vinRule.safeParse(value);
    if (!parsed.success) {
      setVinError(parsed.error.issues[0]?.message);
      return;
    }
    setVinError(undefined);
    setDecode({ phase: 'loading', message: null });
    try {
      const answer = await queryClient.fetchQuery(vinQuery(parsed.data));
      const decodedYear = answer.ModelYear;
      // spec 01 §5: the decoded make and model are matched to the cascade by name.
      const yearMakes = await queryClient.fetchQuery(yearMakeModelQuery(decodedYear)).catch(() => []);
      const make = yearMakes.find((m) => sameName(m.name, answer.Make));
      const yearModels = make
        ? await queryClient.fetchQuery(yearMakeModelQuery(decodedYear, make.value)).catch(() => [])
        : [];
      const model = yearModels.find((m) => sameName(m.name, answer.Model));
      const chosen: Partial<Vehicle> = {
        vin: parsed.data,
        year: Number(decodedYear),
        make: make?.name ?? answer.Make,
        model: model?.name ?? answer.Model,
      };
      setVin(parsed.data);
      setDecode({ phase: 'success', message: null });
      await keep({ vehicle: chosen, makeId: make?.value ?? '', modelId: model?.value ?? '' }, describe(chosen));
    } catch (error) {
      setDecode({ phase: 'failed', message: failureText(error) });
    }
  };

  const complete = vehicle.year !== undefined && !!vehicle.make && !!vehicle.model;
  const makeOptions = withChosen(makes.data, makeId, vehicle.make);
  const modelOptions = withChosen(models.data, saved.modelId ?? '', vehicle.model);

  return (
    <StepFrame
      purpose="Name the car this unit goes into, so its wiring, history and warranty follow the right vehicle."
      online={online}
      canContinue={complete}
      onContinue={() =>
        finish({
          status: 'done',
          summary: describe(vehicle),
          data: { ...saved },
        })
      }
    >
      <section className="settings-item" aria-label="By VIN">
        <Field label="VIN" error={vinError} hint="The 17 characters on the dashboard or the door pillar." optional>
          <input
            type="text"
            value={vin}
            maxLength={17}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            onChange={(event) => setVin(event.currentTarget.value.toUpperCase())}
          />
        </Field>
        <Button
          type="button"
          variant="secondary"
          disabled={!online || vin.trim() === '' || decode.phase === 'loading'}
          loading={decode.phase === 'loading'}
          onClick={() => void decodeVin()}
        >
          Decode VIN
        </Button>
        <VinScanButton
          disabled={!online || decode.phase === 'loading'}
          onVin={(scanned) => {
            setVin(scanned);
            void decodeVin(scanned);
          }}
        />
        <ActionStatus
          state={decode.phase === 'loading' ? { phase: 'loading', message: null } : decode}
          successText={complete ? `Found: ${describe(vehicle)}.` : undefined}
        />
      </section>
      <section className="settings-item" aria-label="By year, make and model">
        <SelectField label="Year" value={year} options={YEARS} onChange={(value) => void chooseYear(value)} />
        <SelectField
          label={makes.isFetching ? 'Make (loading…)' : 'Make'}
          value={makeId || (vehicle.make ? `${NAMED}${vehicle.make}` : '')}
          options={makeOptions}
          disabled={year === '' || makes.isFetching}
          onChange={(value) => void chooseMake(value)}
        />
        <SelectField
          label={models.isFetching ? 'Model (loading…)' : 'Model'}
          value={saved.modelId || (vehicle.model ? `${NAMED}${vehicle.model}` : '')}
          options={modelOptions}
          disabled={!vehicle.make || models.isFetching}
          onChange={(value) => void chooseModel(value)}
        />
        {(makes.isError || models.isError) && (
          <p role="alert" className="settings-status is-failed">
            {failureText(makes.error ?? models.error)}
          </p>
        )}
      </section>
    </StepFrame>
  );
}

/** The cascade's options, with a decoded name the list does not hold kept as a choice of its own. */
function withChosen(options: { name: string; value: string }[] | undefined, id: string, name: string | undefined) {
  const list = (options ?? []).map((option) => ({ value: option.value, label: option.name }));
  if (!id && name) list.unshift({ value: `${NAMED}${name}`, label: name });
  return list;
}

export const describe = (vehicle: Partial<Vehicle>) =>
  [vehicle.year, vehicle.make, vehicle.model].filter(Boolean).join(' ') + (vehicle.vin ? ` (VIN ${vehicle.vin})` : '');
