import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { DeviceJob } from '@portal/contracts/devices';
import { endpoints } from '@portal/contracts/endpoints/index';
import { answer } from '../../../test/handlers.ts';
import { sentRequests, server } from '../../../test/server.ts';
import { activationOf, dr5400 } from '../testFixtures.ts';
import { DeviceTestingStep } from './DeviceTestingStep.tsx';
import type { StepProps } from './types.ts';

const jobOf = (command: string, status: DeviceJob['status'], id = `job-${command}`): DeviceJob => ({
  job_id: id,
  device_key: dr5400.device_key,
  command,
  bit: null,
  status,
  reason: null,
  result: null,
  queued_at: '2026-11-27T21:00:00.000Z',
  started_at: null,
  finished_at: null,
});

function renderStep(overrides: Partial<StepProps> = {}) {
  const save = vi.fn(async () => {});
  const finish = vi.fn(async () => {});
  const props: StepProps = {
    step: 'device-testing',
    device: dr5400,
    refreshDevice: async () => dr5400,
    proof: '0235',
    activation: activationOf({ current_step: 'device-testing' }),
    state: undefined,
    save,
    finish,
    complete: vi.fn<StepProps['complete']>(() => Promise.resolve()),
    online: true,
    ...overrides,
  };
  render(<DeviceTestingStep {...props} />);
  return { save, finish };
}

const row = (name: string) => screen.getByRole('listitem', { name });
const commandsSent = () => sentRequests().filter((r) => r.path === '/api/iot/send-command');

describe('device-testing (spec 02 §4)', () => {
  it('offers Reset Device Settings on X1-class units only', () => {
    renderStep();
    expect(screen.queryByRole('heading', { name: 'Reset Device Settings' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Remote Start' })).toBeTruthy();
  });

  it('Remote Start asks first: Cancel sends nothing, Yes sends it', async () => {
    server.use(
      answer(endpoints.devices.sendCommand, ({ body }) => ({ ...jobOf(body.command, 'SUCCEEDED'), jobs: [] })),
    );
    renderStep();
    fireEvent.click(within(row('Remote Start')).getByRole('button', { name: 'Run Remote Start' }));
    expect(within(row('Remote Start')).getByText(/The engine will start/)).toBeTruthy();
    fireEvent.click(within(row('Remote Start')).getByRole('button', { name: 'Cancel' }));
    expect(commandsSent()).toHaveLength(0);

    fireEvent.click(within(row('Remote Start')).getByRole('button', { name: 'Run Remote Start' }));
    fireEvent.click(within(row('Remote Start')).getByRole('button', { name: 'Yes, remote start' }));
    expect(await within(row('Remote Start')).findByText('Passed')).toBeTruthy();
    expect(commandsSent()[0]?.body).toMatchObject({ command: 'remote_start', device_key: '10230000235' });
  });

  it('after a reload, a Remote Start sent before is followed, never sent again; running it again asks again', async () => {
    server.use(answer(endpoints.devices.job, jobOf('remote_start', 'SUCCEEDED', 'job-before')));
    renderStep({
      state: {
        status: 'in_progress',
        summary: null,
        data: { tests: { remote_start: { phase: 'sent', job_id: 'job-before', sent_at: Date.now(), problem: null } } },
      },
    });
    expect(await within(row('Remote Start')).findByText('Passed')).toBeTruthy();
    expect(sentRequests().some((r) => r.path.startsWith('/api/iot/jobs/job-before'))).toBe(true);
    expect(commandsSent()).toHaveLength(0);
    fireEvent.click(within(row('Remote Start')).getByRole('button', { name: 'Run Remote Start again' }));
    expect(within(row('Remote Start')).getByText(/The engine will start/)).toBeTruthy();
    expect(commandsSent()).toHaveLength(0);
  });

  it('a failed test says why, and the summary counts passed, failed and not run', async () => {
    server.use(
      answer(endpoints.devices.sendCommand, ({ body }) => ({
        ...jobOf(body.command, 'FAILED'),
        reason: 'No GPS fix',
        jobs: [],
      })),
    );
    const { finish } = renderStep();
    fireEvent.click(within(row('Verify GPS')).getByRole('button', { name: 'Run Verify GPS' }));
    expect(await within(row('Verify GPS')).findByText('No GPS fix')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Done testing: continue' }));
    await vi.waitFor(() =>
      expect(finish).toHaveBeenCalledWith(
        expect.objectContaining({ status: 'done', summary: 'Tests: 0 passed, 1 failed (Verify GPS), 9 not run' }),
      ),
    );
  });
});
