import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ACTIVATION_STEP_TITLES } from '@portal/contracts/activation';
import { routes } from '@portal/contracts/endpoints/routes';
import { call } from '../../../lib/api.ts';
import { useSession } from '../../session/index.ts';
import { deviceCheckProblem } from '../deviceCheckProblem.ts';
import { clearSaved } from '../flowState.ts';
import { ActionButton, OfflineWait } from './StepKit.tsx';
import type { StepProps } from './types.ts';

/** The car the set-vehicle-details step saved, as device/install takes it (fields it lacks are left out). */
export function vehicleOf(data: Record<string, unknown> | undefined) {
  const vehicle = data?.vehicle as { vin?: unknown; year?: unknown; make?: unknown; model?: unknown } | undefined;
  if (!vehicle || typeof vehicle !== 'object') return undefined;
  const year = typeof vehicle.year === 'number' ? vehicle.year : Number(vehicle.year);
  const picked = {
    ...(typeof vehicle.vin === 'string' && vehicle.vin.trim().length === 17 && { vin: vehicle.vin.trim() }),
    ...(Number.isInteger(year) && year >= 1980 && year <= 2100 && { year }),
    ...(typeof vehicle.make === 'string' && vehicle.make.trim() && { make: vehicle.make.trim().slice(0, 60) }),
    ...(typeof vehicle.model === 'string' && vehicle.model.trim() && { model: vehicle.model.trim().slice(0, 60) }),
  };
  return Object.keys(picked).length > 0 ? picked : undefined;
}

const STATUS_WORDS = {
  pending: 'Not done',
  in_progress: 'Not finished',
  done: 'Done',
  skipped: 'Skipped',
  failed: 'Failed',
};

/**
 * complete-activation (issue 29 §2): a summary of every step, exit Service Mode for products whose name contains
 * X (spec 02 §4), device/install with the car of set-vehicle-details, then the activation is complete.
 */
export function CompleteActivationStep({ device, proof, activation, state, save, finish, online }: StepProps) {
  const [exitServiceMode, setExitServiceMode] = useState(device.requestsExitServiceMode);
  const [problem, setProblem] = useState<string | null>(null);
  const staff = useInvolvedInstallers();
  const [involved, setInvolved] = useState<string[] | null>(null);
  const chosen = involved ?? staff.defaultChosen;
  const installed = state?.data.installed === true;
  const vehicle = vehicleOf(activation.step_states['set-vehicle-details']?.data);
  const others = activation.steps.filter((step) => step !== 'complete-activation');

  if (state?.status === 'done' || activation.status === 'completed') {
    return (
      <div className="activation-step activation-complete" role="status">
        <p className="activation-complete-title">{device.device_key} is activated and installed.</p>
        <p>{state?.summary}</p>
        <StepSummary activation={activation} steps={others} />
        <div className="activation-actions">
          <Link className="button button-primary" to="/activation" onClick={() => clearSaved()}>
            Activate another device
          </Link>
          <Link className="button button-secondary" to="/" onClick={() => clearSaved()}>
            Done
          </Link>
        </div>
      </div>
    );
  }

  const install = async () => {
    setProblem(null);
    const exiting = device.requestsExitServiceMode && exitServiceMode;
    const summary = `Installed${vehicle ? ` in ${[vehicle.year, vehicle.make, vehicle.model].filter(Boolean).join(' ') || vehicle.vin}` : ''}${
      exiting ? '; asked to exit Service Mode' : ''
    }`;
    try {
      if (!installed) {
        await call(routes.devices.install, {
          body: {
            device_key: device.device_key,
            exit_service_mode: exiting,
            ...(proof ? { iccid_last_digits: proof } : {}),
            ...(vehicle && { vehicle }),
            ...(chosen.length > 0 && { involved_installers: chosen }),
          },
        });
        await save({ installed: true }, summary);
      }
      await finish({ status: 'done', summary, data: { installed: true } });
    } catch (error) {
      setProblem(deviceCheckProblem(error).text);
    }
  };

  return (
    <div className="activation-step">
      <p>Check what was done, then complete the activation. The unit is then recorded as installed.</p>
      <StepSummary activation={activation} steps={others} />
      {vehicle && (
        <p>
          Vehicle: {[vehicle.year, vehicle.make, vehicle.model].filter(Boolean).join(' ')}
          {vehicle.vin ? ` · VIN ${vehicle.vin}` : ''}
        </p>
      )}
      {staff.people.length > 0 && (
        <fieldset className="activation-involved">
          <legend>Installers who worked on this car</legend>
          {staff.people.map((person) => (
            <label key={person.user_id} className="activation-check">
              <input
                type="checkbox"
                checked={chosen.includes(person.user_id)}
                onChange={(event) => {
                  const on = event.currentTarget.checked;
                  setInvolved(on ? [...chosen, person.user_id] : chosen.filter((id) => id !== person.user_id));
                }}
              />
              {person.first_name} {person.last_name}
            </label>
          ))}
        </fieldset>
      )}
      {device.requestsExitServiceMode && (
        <label className="activation-check">
          <input
            type="checkbox"
            checked={exitServiceMode}
            onChange={(event) => setExitServiceMode(event.currentTarget.checked)}
          />
          Take the unit out of Service Mode (recommended: it then works as the owner expects)
        </label>
      )}
      <OfflineWait online={online} />
      {problem && (
        <p className="activation-problem" role="alert">
          {problem}
        </p>
      )}
      <ActionButton disabled={!online} action={install}>
        Complete activation
      </ActionButton>
    </div>
  );
}

/**
 * The signed-in dealer staff's colleagues (spec 02 §7 install: optional involved_installers), the signed-in
 * person chosen first. Nobody for a guest, or for someone who may not list the staff (the list is then left out).
 */
function useInvolvedInstallers() {
  const session = useSession();
  const user = session.data?.user ?? null;
  const dealerId = user?.dealer_id ?? null;
  const list = useQuery({
    queryKey: ['activation', 'installers', dealerId],
    queryFn: ({ signal }) =>
      call(routes.dealers.listInstallers, { params: { id: dealerId! }, query: { limit: 80, offset: 0 }, signal }),
    enabled: dealerId !== null,
    retry: false,
    staleTime: 5 * 60_000,
  });
  const people = (list.data?.results ?? []).filter((person) => !person.is_retired);
  const defaultChosen = user && people.some((person) => person.user_id === user.id) ? [user.id] : [];
  return { people, defaultChosen };
}

function StepSummary({ activation, steps }: Pick<StepProps, 'activation'> & { steps: StepProps['step'][] }) {
  return (
    <ul className="activation-summary">
      {steps.map((step) => {
        const stepState = activation.step_states[step];
        const status = stepState?.status ?? 'pending';
        return (
          <li key={step} className={`step-${status}`}>
            <strong>{ACTIVATION_STEP_TITLES[step]}</strong>: {STATUS_WORDS[status]}
            {stepState?.summary ? ` · ${stepState.summary}` : ''}
          </li>
        );
      })}
    </ul>
  );
}
