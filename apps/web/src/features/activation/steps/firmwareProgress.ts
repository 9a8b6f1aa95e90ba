import type { DeviceJob } from '@portal/contracts/devices';

/** spec 02 §4 firmware update: three steps, each started, completed or failed. */
export type FirmwareStepPhase = 'pending' | 'started' | 'completed' | 'failed';
export type FirmwareTarget = 'controller' | 'kl1';

export interface FirmwareProgress {
  download: FirmwareStepPhase;
  send: FirmwareStepPhase;
  update: FirmwareStepPhase;
  /** Download progress, 0–100. */
  progress: number;
  problem: string | null;
}

export const FIRMWARE_STEP_LABELS = {
  download: 'Downloading the firmware to the unit',
  send: 'Sending the update_firmware command',
  update: 'Updating the firmware',
} as const;

export const TARGET_NAMES: Record<FirmwareTarget, string> = { controller: 'Device', kl1: 'KeyLocker' };

export const notStarted: FirmwareProgress = {
  download: 'pending',
  send: 'pending',
  update: 'pending',
  progress: 0,
  problem: null,
};

export const isFirmwareDone = (p: FirmwareProgress) => p.update === 'completed';
export const isFirmwareFailed = (p: FirmwareProgress) =>
  p.download === 'failed' || p.send === 'failed' || p.update === 'failed';
export const isFirmwareRunning = (p: FirmwareProgress) =>
  !isFirmwareDone(p) && !isFirmwareFailed(p) && p.download !== 'pending';

export const r42FailureText = (target: FirmwareTarget) =>
  `The ${TARGET_NAMES[target] === 'Device' ? 'unit' : 'KeyLocker'} reported that the update failed (FOTA Result, R42): it keeps its current firmware. Keep the ignition on and the unit powered, then retry.`;

/** The progress after one `firmware` event of the stream (its `step`: progress, downloaded, download-failed, updating, result). */
export function applyFirmwareEvent(
  now: FirmwareProgress,
  event: { step?: unknown; progress?: unknown; result?: unknown },
  target: FirmwareTarget,
): FirmwareProgress {
  const progress = typeof event.progress === 'number' ? event.progress : now.progress;
  switch (event.step) {
    case 'progress':
      return { ...now, download: 'started', progress, problem: null };
    case 'downloaded':
      return { ...now, download: 'completed', send: 'started', progress: 100, problem: null };
    case 'download-failed':
      return { ...now, download: 'failed', problem: 'The download to the unit stalled. Check its signal, then retry.' };
    case 'updating':
      return { ...now, download: 'completed', send: 'completed', update: 'started', progress: 100 };
    case 'result':
      return event.result === 'success'
        ? { ...now, download: 'completed', send: 'completed', update: 'completed', problem: null }
        : { ...now, download: 'completed', send: 'completed', update: 'failed', problem: r42FailureText(target) };
    default:
      return now;
  }
}

/** The update's job ended badly before the stream said where: the step under way failed, with the device's reason. */
export function applyJobEnd(now: FirmwareProgress, job: Pick<DeviceJob, 'status' | 'reason'>, target: FirmwareTarget) {
  if (job.status === 'SUCCEEDED')
    return { ...now, download: 'completed', send: 'completed', update: 'completed', problem: null } as FirmwareProgress;
  if (job.status !== 'FAILED' && job.status !== 'TIMED_OUT' && job.status !== 'REJECTED') return now;
  if (isFirmwareFailed(now)) return now;
  const problem =
    now.update === 'started' ? r42FailureText(target) : (job.reason ?? 'The unit did not take the update.');
  if (now.update === 'started') return { ...now, update: 'failed', problem } as FirmwareProgress;
  if (now.send === 'started') return { ...now, send: 'failed', problem } as FirmwareProgress;
  return { ...now, download: 'failed', problem } as FirmwareProgress;
}

/** Where an update stands from the firmware details alone (a reload: the stream only brings what comes next). */
export function progressFromDetails(
  details: { state: string; result: string; progress: number },
  job: Pick<DeviceJob, 'status' | 'reason'> | null,
  target: FirmwareTarget,
): FirmwareProgress {
  switch (details.state) {
    case 'downloading':
      return { ...notStarted, download: 'started', progress: details.progress };
    case 'downloaded':
      return { ...notStarted, download: 'completed', send: 'started', progress: 100 };
    case 'updating':
      return { ...notStarted, download: 'completed', send: 'completed', update: 'started', progress: 100 };
    default:
      if (!job) return notStarted;
      if (job.status === 'SUCCEEDED' || details.result === 'success')
        return { download: 'completed', send: 'completed', update: 'completed', progress: 100, problem: null };
      if (job.status === 'QUEUED' || job.status === 'IN_PROGRESS') return { ...notStarted, download: 'started' };
      // Ended badly: at the result (R42) when the job failed, at the download when it timed out.
      return job.status === 'FAILED'
        ? {
            download: 'completed',
            send: 'completed',
            update: 'failed',
            progress: 100,
            problem: r42FailureText(target),
          }
        : { ...notStarted, download: 'failed', problem: job.reason ?? 'The download to the unit stalled.' };
  }
}
