import { useState } from 'react';
import { Link } from 'react-router';
import { ACTIVATION_STEP_TITLES } from '@portal/contracts/activation';
import { routes } from '@portal/contracts/endpoints/routes';
import { call } from '../../../lib/api.ts';
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
