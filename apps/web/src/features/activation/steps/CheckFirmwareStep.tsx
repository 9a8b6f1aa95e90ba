import { useCallback, useEffect, useRef, useState } from 'react';
import { routes } from '@portal/contracts/endpoints/routes';
import type { DeviceJob } from '@portal/contracts/devices';
import { call } from '../../../lib/api.ts';
import { alertLinesFor } from '../../../lib/errors.ts';
import { useDeviceEvents } from '../deviceEvents.tsx';
import { useElapsed } from '../useDeviceCommand.ts';
import {
  applyFirmwareEvent,
  applyJobEnd,
  FIRMWARE_STEP_LABELS,
  isFirmwareDone,
  isFirmwareFailed,
  isFirmwareRunning,
  notStarted,
  progressFromDetails,
  r42FailureText,
  TARGET_NAMES,
  type FirmwareProgress,
  type FirmwareStepPhase,
  type FirmwareTarget,
} from './firmwareProgress.ts';
import { ActionButton, DoneBefore, OfflineWait } from './StepKit.tsx';
import type { StepProps } from './types.ts';

type FirmwareCheck = Awaited<ReturnType<typeof checkFirmware>>;
const checkFirmware = (deviceKey: string, proof: string | null) =>
  call(routes.devices.checkFirmwareUpdate, {
    params: { key: deviceKey },
    query: proof ? { iccid_last_digits: proof } : {},
  });

interface TargetView {
  target: FirmwareTarget;
  current: string;
  available: string | null;
}

interface SavedTarget {
  job_id: string;
  started_at: number;
}

const targetsOf = (check: FirmwareCheck): TargetView[] => [
  {
    target: 'controller',
    current: check.firmware_details.current_version,
    available: check.is_firmware_available ? check.firmware_details.available_version : null,
  },
  ...(check.ext_device_firmware_details
    ? [
        {
          target: 'kl1' as const,
          current: check.ext_device_firmware_details.current_version,
          available: check.is_ext_device_firmware_available
            ? check.ext_device_firmware_details.available_version
            : null,
        },
      ]
    : []),
];

/**
 * check-firmware (spec 02 §3 firmware details, §4 firmware update): the firmware offered for the unit and its
 * KeyLocker; an update runs its three steps live from the event stream (a reload picks up where it stands from
 * the firmware details and the update's job); the R42 failure says what happened and offers Retry.
 */
export function CheckFirmwareStep({ device, proof, state, save, finish, online }: StepProps) {
  const [check, setCheck] = useState<FirmwareCheck | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const savedTargets = (state?.data.updates ?? {}) as Partial<Record<FirmwareTarget, SavedTarget>>;
  const [updates, setUpdates] = useState(savedTargets);
  const [progress, setProgress] = useState<Partial<Record<FirmwareTarget, FirmwareProgress>>>({});
  const jobs = useRef<Partial<Record<FirmwareTarget, string>>>({});

  const load = useCallback(async () => {
    setProblem(null);
    try {
      const answer = await checkFirmware(device.device_key, proof);
      setCheck(answer);
      return answer;
    } catch (error) {
      setProblem(alertLinesFor(error).join(' '));
      return null;
    }
  }, [device.device_key, proof]);

  // On arrival: what is offered, and where an update started before a reload stands now (nothing is re-sent).
  useEffect(() => {
    void (async () => {
      const answer = await load();
      if (!answer) return;
      for (const view of targetsOf(answer)) {
        const started = savedTargets[view.target];
        if (!started) continue;
        jobs.current[view.target] = started.job_id;
        let job: DeviceJob | null = null;
        try {
          job = await call(routes.devices.job, {
            params: { id: started.job_id },
            query: proof ? { iccid_last_digits: proof } : {},
          });
        } catch {
          job = null;
        }
        const details =
          view.target === 'controller' ? answer.firmware_details : (answer.ext_device_firmware_details ?? null);
        if (details) setProgress((now) => ({ ...now, [view.target]: progressFromDetails(details, job, view.target) }));
      }
    })();
    // On arrival only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useDeviceEvents((event) => {
    const data = event.data;
    if (event.type === 'firmware') {
      const target = data.target as FirmwareTarget;
      if (!jobs.current[target]) return;
      setProgress((now) => ({ ...now, [target]: applyFirmwareEvent(now[target] ?? notStarted, data, target) }));
    } else if (event.type === 'log' && data.type === 'R42') {
      const detail = (data.data ?? {}) as { target?: FirmwareTarget; success?: boolean };
      const target = detail.target;
      if (!target || !jobs.current[target] || detail.success !== false) return;
      setProgress((now) => ({
        ...now,
        [target]: { ...(now[target] ?? notStarted), update: 'failed', problem: r42FailureText(target) },
      }));
    } else if (event.type === 'job') {
      const target = (Object.keys(jobs.current) as FirmwareTarget[]).find((t) => jobs.current[t] === data.job_id);
      if (!target) return;
      setProgress((now) => ({
        ...now,
        [target]: applyJobEnd(now[target] ?? notStarted, data as unknown as DeviceJob, target),
      }));
    }
  });

  const start = async (target: FirmwareTarget) => {
    setProblem(null);
    setProgress((now) => ({ ...now, [target]: { ...notStarted, download: 'started' } }));
    try {
      const job = await call(routes.devices.firmwareUpdate, {
        params: { key: device.device_key },
        body: { target, ...(proof ? { iccid_last_digits: proof } : {}) },
      });
      jobs.current[target] = job.job_id;
      const next = { ...updates, [target]: { job_id: job.job_id, started_at: Date.now() } };
      setUpdates(next);
      await save({ updates: next });
    } catch (error) {
      setProgress((now) => ({ ...now, [target]: notStarted }));
      setProblem(alertLinesFor(error).join(' '));
    }
  };

  if (state?.status === 'done') return <DoneBefore state={state} finish={finish} />;
  if (!check)
    return (
      <div className="activation-step" aria-busy={!problem}>
        {problem ? (
          <>
            <p className="activation-problem" role="alert">
              {problem}
            </p>
            <ActionButton action={load}>Check again</ActionButton>
          </>
        ) : (
          <p role="status">Asking which firmware is offered for this unit…</p>
        )}
      </div>
    );

  const views = targetsOf(check);
  const pending = views.filter((view) => view.available && !isFirmwareDone(progress[view.target] ?? notStarted));
  const failed = views.filter((view) => isFirmwareFailed(progress[view.target] ?? notStarted));
  const running = views.some((view) => isFirmwareRunning(progress[view.target] ?? notStarted));
  const summary = views
    .map((view) => {
      const p = progress[view.target] ?? notStarted;
      if (isFirmwareDone(p))
        return `${TARGET_NAMES[view.target]} firmware updated ${view.current} → ${view.available ?? 'latest'}`;
      if (isFirmwareFailed(p)) return `${TARGET_NAMES[view.target]} firmware update failed (stays ${view.current})`;
      return `${TARGET_NAMES[view.target]} firmware ${view.available ? `${view.current} (update ${view.available} not installed)` : `${view.current} is current`}`;
    })
    .join('; ');

  return (
    <div className="activation-step">
      <p>The unit must stay powered with the ignition on while an update runs (a few minutes).</p>
      <OfflineWait online={online} />
      {views.map((view) => (
        <FirmwareTargetCard
          key={view.target}
          view={view}
          progress={progress[view.target] ?? notStarted}
          startedAt={updates[view.target]?.started_at ?? null}
          online={online}
          onStart={() => start(view.target)}
        />
      ))}
      {problem && (
        <p className="activation-problem" role="alert">
          {problem}
        </p>
      )}
      <div className="activation-actions">
        {pending.length === 0 ? (
          <ActionButton action={() => finish({ status: 'done', summary })}>Continue</ActionButton>
        ) : (
          failed.length > 0 &&
          !running && (
            <ActionButton variant="secondary" action={() => finish({ status: 'failed', summary })}>
              Continue without the update
            </ActionButton>
          )
        )}
      </div>
    </div>
  );
}

const PHASE_WORDS: Record<FirmwareStepPhase, string> = {
  pending: 'Not started',
  started: 'In progress',
  completed: 'Completed',
  failed: 'Failed',
};

function FirmwareTargetCard({
  view,
  progress,
  startedAt,
  online,
  onStart,
}: {
  view: TargetView;
  progress: FirmwareProgress;
  startedAt: number | null;
  online: boolean;
  onStart: () => Promise<void>;
}) {
  const running = isFirmwareRunning(progress);
  const elapsed = useElapsed(startedAt, running);
  const name = TARGET_NAMES[view.target];
  const headingId = `firmware-${view.target}`;
  return (
    <section className="firmware-card" aria-labelledby={headingId}>
      <h3 id={headingId}>{name}</h3>
      <p>
        Version {view.current}
        {view.available ? ` · update ${view.available} available` : ' · up to date'}
      </p>
      {progress.download !== 'pending' && (
        <ol className="firmware-steps" aria-live="polite">
          {(['download', 'send', 'update'] as const).map((key) => (
            <li key={key} className={`firmware-step is-${progress[key]}`}>
              <span>{FIRMWARE_STEP_LABELS[key]}</span>
              <span className="firmware-step-phase">
                {PHASE_WORDS[progress[key]]}
                {key === 'download' && progress.download === 'started' && ` · ${progress.progress}%`}
              </span>
            </li>
          ))}
        </ol>
      )}
      {running && (
        <p role="status" className="command-progress-what">
          Updating for {elapsed} s. Keep the key on.
        </p>
      )}
      {progress.problem && (
        <p className="activation-problem" role="alert">
          {progress.problem}
        </p>
      )}
      {isFirmwareDone(progress) && (
        <p className="is-good">
          {name} firmware updated to {view.available ?? 'the latest'}.
        </p>
      )}
      {view.available && !running && !isFirmwareDone(progress) && (
        <ActionButton disabled={!online} action={onStart}>
          {isFirmwareFailed(progress) ? `Retry the ${name} update` : `Update ${name} firmware`}
        </ActionButton>
      )}
    </section>
  );
}
