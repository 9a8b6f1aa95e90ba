import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  ACTIVATION_STEP_HEADER,
  ACTIVATION_STEP_TITLES,
  activationStepHeaderOf,
  type ActivationStep,
} from '@portal/contracts/activation';
import { Button } from '../../components/Button.tsx';
import { PageMessage } from '../../components/PageStates.tsx';
import { setAmbientHeaders } from '../../lib/api.ts';
import { backHandlerStore } from '../../lib/backTarget.ts';
import { ApiError } from '../../lib/api.ts';
import { deviceCheckProblem } from './deviceCheckProblem.ts';
import { DeviceEventsProvider } from './deviceEvents.tsx';
import { DeviceStatusBar } from './DeviceStatusBar.tsx';
import { stepNumberOf } from './flowState.ts';
import { MissingStep } from './MissingStep.tsx';
import { screenOf, STEP_SCREENS, type StepRegistry } from './registry.ts';
import type { StepProps } from './steps/types.ts';
import { useActivationFlow, type ActivationFlow } from './useActivationFlow.ts';
import { DeviceReachContext, useDeviceReach } from './useDeviceReach.ts';
import { useOnline } from '../../lib/useOnline.ts';
import './activation.css';

export const SELECT_TYPE_PATH = '/activation/select-activation-type';

const SYNC_TEXTS: Partial<Record<ActivationFlow['sync'], string>> = {
  saving: 'Saving…',
  waiting: 'Saved on this phone. It will be sent to the portal when the connection is back.',
  'caught-up': 'Up to date: what you did while offline has reached the portal.',
  'local-only': 'Saved on this phone only: the portal did not take this activation’s progress.',
  conflict:
    'This activation was changed on another phone or tab, so your last change here was not saved. It now shows where the activation stands: check this step and go on.',
};

/** /activation/device 'Activate Device' (spec 02 §2, issue 29 §2). */
export default function ActivateDevicePage() {
  return <ActivationStepper registry={STEP_SCREENS} />;
}

/** The stepper over the activation's steps, each step's screen from `registry`. */
export function ActivationStepper({ registry }: { registry: StepRegistry }) {
  const online = useOnline();
  const flow = useActivationFlow(online);
  const { saved, activation } = flow;
  if (!saved || !activation) {
    return (
      <PageMessage className="activation-page" title="Activate Device">
        <p>No activation is in progress on this phone.</p>
        <p>
          <Link className="button button-primary" to="/activation">
            Enter a serial number
          </Link>
        </p>
      </PageMessage>
    );
  }
  if (activation.status === 'abandoned') {
    return (
      <PageMessage className="activation-page" title="Activate Device">
        <p>This activation of {activation.device_key} was started over or abandoned, on this phone or another one.</p>
        <p>
          <Link className="button button-primary" to="/activation">
            Start again
          </Link>
        </p>
      </PageMessage>
    );
  }
  return (
    <DeviceEventsProvider deviceKey={saved.device_key} proof={saved.proof} online={online}>
      <StepperBody flow={flow} online={online} registry={registry} />
    </DeviceEventsProvider>
  );
}

function StepperBody({ flow, online, registry }: { flow: ActivationFlow; online: boolean; registry: StepRegistry }) {
  const navigate = useNavigate();
  const saved = flow.saved!;
  const activation = flow.activation!;
  const device = saved.device;
  const reach = useDeviceReach({ device_key: saved.device_key }, saved.proof);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [deviceProblem, setDeviceProblem] = useState<string | null>(null);

  const goBack = useCallback(() => {
    const previous = flow.back();
    if (previous === null) void navigate(SELECT_TYPE_PATH);
  }, [flow, navigate]);

  // spec 01 §2.4: the shell's back button steps back through the flow, and from the first step to the types.
  useEffect(() => {
    backHandlerStore.set(() => goBack);
    return () => backHandlerStore.set(null);
  }, [goBack]);

  // A phone that kept no device facts (resumed elsewhere) asks for them once.
  const { refreshDevice } = flow;
  useEffect(() => {
    if (device) return;
    refreshDevice().catch(() => setDeviceProblem('The device could not be checked. Check the connection and reload.'));
  }, [device, refreshDevice]);

  // A new step moves the focus to its title, so a screen reader and a thumb start from the top.
  const step = activation.current_step;
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step]);

  // Every call the step's screen makes names it (the device's history lists each command under its step).
  // Set while rendering, before the screen renders and makes its first call; the same value each time.
  setAmbientHeaders({ [ACTIVATION_STEP_HEADER]: activationStepHeaderOf({ activation_id: activation.id, step }) });
  useEffect(() => () => setAmbientHeaders({}), []);

  const Screen = screenOf(step, registry) ?? MissingStep;
  const number = stepNumberOf(activation.steps, step);
  const total = activation.steps.length;
  const completed = activation.status === 'completed';

  const props: StepProps | null = device
    ? {
        step,
        device,
        refreshDevice: flow.refreshDevice,
        proof: saved.proof,
        activation,
        state: activation.step_states[step],
        save: (data, summary) => flow.saveStep(step, data, summary),
        finish: (outcome) => flow.finishStep(step, outcome),
        complete: flow.complete,
        online,
      }
    : null;

  return (
    <div className="page activation-page activation-device">
      <h1>Activate Device</h1>
      {device && <DeviceStatusBar device={device} reach={reach} online={online} />}
      <DeviceReachContext.Provider value={reach}>
        <section className="activation-card activation-stepper" aria-labelledby="step-title">
          <p className="activation-progress-text" aria-live="polite">
            {completed ? 'Activation complete' : `Step ${number} of ${total}`}
          </p>
          <progress className="activation-progress" max={total} value={completed ? total : number - 1}>
            {number - 1} of {total} steps done
          </progress>
          <h2 id="step-title" ref={headingRef} tabIndex={-1}>
            {ACTIVATION_STEP_TITLES[step]}
          </h2>
          {deviceProblem && (
            <p className="activation-problem" role="alert">
              {deviceProblem}
            </p>
          )}
          {props ? <Screen key={step} {...props} /> : !deviceProblem && <p aria-busy="true">Checking the device…</p>}
          {SYNC_TEXTS[flow.sync] && (
            <p className="activation-sync" role="status">
              {SYNC_TEXTS[flow.sync]}
            </p>
          )}
          {!completed && (
            <div className="activation-nav">
              <Button type="button" variant="secondary" onClick={goBack}>
                Back
              </Button>
              <StartOver restart={flow.restart} />
            </div>
          )}
        </section>
        <StepList steps={activation.steps} current={step} states={activation.step_states} />
      </DeviceReachContext.Provider>
    </div>
  );
}

/**
 * Start over from the first step (the server's restart): after a yes, the device is checked again (a KeyLocker
 * fitted since, a plan bought), its steps worked out again and every step's progress cleared. What was sent to
 * the unit stays on the unit.
 */
function StartOver({ restart }: { restart: () => Promise<void> }) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  if (!asking)
    return (
      <Button type="button" variant="secondary" onClick={() => setAsking(true)}>
        Start over
      </Button>
    );
  return (
    <div className="activation-restart" role="group" aria-labelledby="activation-restart-question">
      <p id="activation-restart-question">
        Start over from the first step? The device is checked again and every step’s progress is cleared. Settings
        already sent to the unit stay on it.
      </p>
      {problem && (
        <p className="activation-problem" role="alert">
          {problem}
        </p>
      )}
      <div className="activation-actions">
        <Button
          type="button"
          loading={busy}
          onClick={async () => {
            setBusy(true);
            setProblem(null);
            try {
              await restart();
              setAsking(false);
            } catch (error) {
              setProblem(error instanceof ApiError ? deviceCheckProblem(error).text : (error as Error).message);
            } finally {
              setBusy(false);
            }
          }}
        >
          Yes, start over
        </Button>
        <Button type="button" variant="secondary" onClick={() => setAsking(false)}>
          Keep going
        </Button>
      </div>
    </div>
  );
}

const STATUS_WORDS = { pending: '', in_progress: 'in progress', done: 'done', skipped: 'skipped', failed: 'failed' };

/** All the steps with what became of each (folded on a phone). */
function StepList({
  steps,
  current,
  states,
}: {
  steps: ActivationStep[];
  current: ActivationStep;
  states: Record<string, { status: keyof typeof STATUS_WORDS }>;
}) {
  return (
    <details className="activation-card activation-steps">
      <summary>All steps</summary>
      <ol>
        {steps.map((step) => {
          const status = states[step]?.status ?? 'pending';
          return (
            <li key={step} className={`step-${status}`} aria-current={step === current ? 'step' : undefined}>
              {ACTIVATION_STEP_TITLES[step]}
              {STATUS_WORDS[status] && <span className="activation-step-status"> · {STATUS_WORDS[status]}</span>}
            </li>
          );
        })}
      </ol>
    </details>
  );
}
