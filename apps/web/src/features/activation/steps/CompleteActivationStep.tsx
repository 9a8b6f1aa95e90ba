import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import {
  ACTIVATION_STEP_TITLES,
  activatesAtCompletion,
  completionHeadline,
  completionOutcomeSchema,
  vehicleOfStepData,
  vehicleWords,
} from '@portal/contracts/activation';
import { routes } from '@portal/contracts/endpoints/routes';
import { ApiError, call } from '../../../lib/api.ts';
import { useSession } from '../../session/index.ts';
import { deviceCheckProblem } from '../deviceCheckProblem.ts';
import { clearSaved } from '../flowState.ts';
import { ActionButton, OfflineWait } from './StepKit.tsx';
import type { StepProps } from './types.ts';

const STATUS_WORDS = {
  pending: 'Not done',
  in_progress: 'Not finished',
  done: 'Done',
  skipped: 'Skipped',
  failed: 'Failed',
};

/**
 * complete-activation (issue 29 §2): a summary of every step, exit Service Mode for products whose name contains
 * X (spec 02 §4), then one call: the server activates the unit when the type calls for it and it is not yet,
 * installs it with the car of set-vehicle-details, and completes the activation with what it did — the
 * completion screen says that, as the device cloud answered it.
 */
export function CompleteActivationStep({ device, activation, state, complete, online }: StepProps) {
  const [exitServiceMode, setExitServiceMode] = useState(device.requestsExitServiceMode);
  const [problem, setProblem] = useState<string | null>(null);
  const staff = useInvolvedInstallers();
  const [involved, setInvolved] = useState<string[] | null>(null);
  const chosen = involved ?? staff.defaultChosen;
  const vehicle = vehicleWords(vehicleOfStepData(activation.step_states['set-vehicle-details']?.data));
  const others = activation.steps.filter((step) => step !== 'complete-activation');

  if (state?.status === 'done' || activation.status === 'completed') {
    const outcome = completionOutcomeSchema.safeParse(state?.data);
    return (
      <div className="activation-step activation-complete" role="status">
        <p className="activation-complete-title">
          {outcome.success
            ? completionHeadline(device.device_key, outcome.data)
            : `The activation of ${device.device_key} is complete.`}
        </p>
        {state?.summary && <p>{state.summary}.</p>}
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

  const completeActivation = async () => {
    setProblem(null);
    try {
      await complete({
        exit_service_mode: device.requestsExitServiceMode && exitServiceMode,
        ...(chosen.length > 0 && { involved_installers: chosen }),
      });
    } catch (error) {
      setProblem(error instanceof ApiError ? deviceCheckProblem(error).text : (error as Error).message);
    }
  };
  const activates = activatesAtCompletion(activation.activation_type) && !device.activated;

  return (
    <div className="activation-step">
      <p>
        Check what was done, then complete the activation. The unit is then{' '}
        {activates ? 'activated and recorded as installed' : 'recorded as installed'}.
      </p>
      <StepSummary activation={activation} steps={others} />
      {vehicle && <p>Vehicle: {vehicle}</p>}
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
      <ActionButton disabled={!online} action={completeActivation}>
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
