import { describe, expect, it } from 'vitest';
import {
  applyFirmwareEvent,
  applyJobEnd,
  isFirmwareDone,
  isFirmwareFailed,
  notStarted,
  progressFromDetails,
  r42FailureText,
  type FirmwareProgress,
} from './firmwareProgress.ts';

const run = (events: { step: string; progress?: number; result?: string }[]) =>
  events.reduce<FirmwareProgress>((now, event) => applyFirmwareEvent(now, event, 'controller'), notStarted);

describe('firmware progress from the event stream (spec 02 §4: three steps, each started, completed or failed)', () => {
  it('downloading → sending update_firmware → updating → completed', () => {
    const downloading = run([{ step: 'progress', progress: 40 }]);
    expect(downloading).toMatchObject({ download: 'started', send: 'pending', update: 'pending', progress: 40 });
    const sent = run([{ step: 'progress', progress: 90 }, { step: 'downloaded' }]);
    expect(sent).toMatchObject({ download: 'completed', send: 'started', update: 'pending' });
    const updating = run([{ step: 'downloaded' }, { step: 'updating' }]);
    expect(updating).toMatchObject({ download: 'completed', send: 'completed', update: 'started' });
    const done = run([{ step: 'downloaded' }, { step: 'updating' }, { step: 'result', result: 'success' }]);
    expect(isFirmwareDone(done)).toBe(true);
  });

  it('the R42 failure fails the updating step and says what happened', () => {
    const failed = run([{ step: 'downloaded' }, { step: 'updating' }, { step: 'result', result: 'failed' }]);
    expect(failed.update).toBe('failed');
    expect(failed.problem).toBe(r42FailureText('controller'));
    expect(isFirmwareFailed(failed)).toBe(true);
  });

  it('a stalled download fails the first step', () => {
    expect(run([{ step: 'progress', progress: 50 }, { step: 'download-failed' }]).download).toBe('failed');
  });

  it('a job that ended badly fails the step under way', () => {
    const sending = run([{ step: 'downloaded' }]);
    expect(applyJobEnd(sending, { status: 'FAILED', reason: 'refused' }, 'controller').send).toBe('failed');
  });

  it('after a reload, picks up from the firmware details and the job', () => {
    expect(progressFromDetails({ state: 'updating', result: 'initial', progress: 100 }, null, 'kl1').update).toBe(
      'started',
    );
    expect(
      progressFromDetails({ state: 'idle', result: 'failed', progress: 0 }, { status: 'FAILED', reason: null }, 'kl1')
        .update,
    ).toBe('failed');
    expect(
      isFirmwareDone(
        progressFromDetails(
          { state: 'idle', result: 'success', progress: 0 },
          { status: 'SUCCEEDED', reason: null },
          'controller',
        ),
      ),
    ).toBe(true);
  });
});
