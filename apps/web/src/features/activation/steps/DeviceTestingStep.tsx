import { useEffect, useRef, useState } from 'react';
import type { DeviceCommandName } from '@portal/contracts/devices';
import { Button } from '../../../components/Button.tsx';
import { isTerminalJob, useDeviceCommand, type CommandPhase } from '../useDeviceCommand.ts';
import { ActionButton, CommandProgress, OfflineWait } from './StepKit.tsx';
import type { StepProps } from './types.ts';

/** spec 02 §4 device tests, each with what to look for on the car. */
export const DEVICE_TESTS: { command: DeviceCommandName; label: string; lookFor: string; confirm?: string }[] = [
  { command: 'locate', label: 'Verify GPS', lookFor: 'The unit reports its position (it needs a view of the sky).' },
  { command: 'arm', label: 'Arm', lookFor: 'Doors lock, the parking lights flash once and the siren chirps once.' },
  { command: 'disarm', label: 'Disarm', lookFor: 'Doors unlock, the parking lights flash twice.' },
  { command: 'panic_on', label: 'Panic On', lookFor: 'The horn or siren sounds and the lights flash.' },
  { command: 'panic_off', label: 'Panic Off', lookFor: 'The horn and lights stop.' },
  {
    command: 'remote_start',
    label: 'Remote Start',
    lookFor: 'The engine starts within a few seconds and keeps running.',
    confirm: 'The engine will start. Is the car in Park, the hood closed, and the bay door open or the exhaust vented?',
  },
  { command: 'remote_stop', label: 'Remote Stop', lookFor: 'The engine stops.' },
  { command: 'trunk', label: 'Trunk', lookFor: 'The trunk or hatch releases.' },
  { command: 'aux1', label: 'Aux 1', lookFor: 'Whatever is wired to Aux 1 switches (for example a sliding door).' },
  { command: 'aux2', label: 'Aux 2', lookFor: 'Whatever is wired to Aux 2 switches (for example rear defrost).' },
  {
    command: 'erase_device',
    label: 'Reset Device Settings',
    lookFor: 'The unit goes back to its factory settings (option tables and features).',
    confirm: 'This erases the unit’s settings back to factory defaults. Reset the device settings?',
  },
];

interface TestRecord {
  phase: CommandPhase;
  job_id: string | null;
  sent_at: number | null;
  problem: string | null;
}

/**
 * device-testing (spec 02 §4): each test loading, sent, success or failed; Reset Device Settings only on X1-class
 * units; Remote Start asks first — and again after a reload, which never sends anything by itself.
 */
export function DeviceTestingStep({ device, proof, state, save, finish, online }: StepProps) {
  const tests = DEVICE_TESTS.filter((test) => test.command !== 'erase_device' || device.canEraseDevice);
  const saved = (state?.data.tests ?? {}) as Record<string, TestRecord>;
  const records = useRef<Record<string, TestRecord>>({ ...saved });
  const [results, setResults] = useState(records.current);

  const record = (command: DeviceCommandName, value: TestRecord) => {
    records.current = { ...records.current, [command]: value };
    setResults(records.current);
    void save({ tests: records.current });
  };

  const passed = tests.filter((test) => results[test.command]?.phase === 'success');
  const failed = tests.filter((test) => results[test.command]?.phase === 'failed');
  const summary = `Tests: ${passed.length} passed${
    failed.length ? `, ${failed.length} failed (${failed.map((t) => t.label).join(', ')})` : ''
  }${tests.length - passed.length - failed.length ? `, ${tests.length - passed.length - failed.length} not run` : ''}`;

  return (
    <div className="activation-step">
      <p>Run each test with someone watching the car. Each one says what to look for.</p>
      <OfflineWait online={online} />
      <ul className="device-tests">
        {tests.map((test) => (
          <TestRow
            key={test.command}
            test={test}
            deviceKey={device.device_key}
            proof={proof}
            online={online}
            saved={saved[test.command]}
            onChange={(value) => record(test.command, value)}
          />
        ))}
      </ul>
      <div className="activation-actions">
        <ActionButton action={() => finish({ status: 'done', summary, data: { tests: records.current } })}>
          {passed.length === tests.length ? 'All tests passed: continue' : 'Done testing: continue'}
        </ActionButton>
      </div>
    </div>
  );
}

function TestRow({
  test,
  deviceKey,
  proof,
  online,
  saved,
  onChange,
}: {
  test: (typeof DEVICE_TESTS)[number];
  deviceKey: string;
  proof: string | null;
  online: boolean;
  saved: TestRecord | undefined;
  onChange: (value: TestRecord) => void;
}) {
  const command = useDeviceCommand(deviceKey, proof, (settled) =>
    onChange({
      phase: settled.phase,
      job_id: settled.job?.job_id ?? null,
      sent_at: settled.sentAt,
      problem: settled.problem,
    }),
  );
  const [confirming, setConfirming] = useState(false);
  const { resume } = command;
  // A test in flight before a reload is followed (never sent again); one that ended shows how it ended.
  useEffect(() => {
    if (saved?.phase === 'sent' && saved.job_id) void resume(saved.job_id, saved.sent_at);
    // On arrival only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const phase = command.state.phase !== 'idle' ? command.state.phase : (saved?.phase ?? 'idle');
  const waiting = phase === 'loading' || phase === 'sent';
  const run = async () => {
    setConfirming(false);
    const job = await command.send(test.command);
    // A job that answered at once was recorded as it settled; one still running is kept to follow after a reload.
    if (job && !isTerminalJob(job)) onChange({ phase: 'sent', job_id: job.job_id, sent_at: Date.now(), problem: null });
  };
  const headingId = `test-${test.command}`;
  return (
    <li className={`device-test is-${phase}`} aria-labelledby={headingId}>
      <div className="device-test-head">
        <h3 id={headingId}>{test.label}</h3>
        <span className="device-test-phase">{PHASE_LABELS[phase]}</span>
      </div>
      <p className="device-test-look">Look for: {test.lookFor}</p>
      {confirming && test.confirm ? (
        <div className="device-test-confirm" role="group" aria-label={`Confirm ${test.label}`}>
          <p>{test.confirm}</p>
          <div className="activation-actions">
            <ActionButton action={run}>Yes, {test.label.toLowerCase()}</ActionButton>
            <Button type="button" variant="secondary" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
          </div>
        </div>
      ) : (
        <ActionButton
          variant={phase === 'success' ? 'secondary' : 'primary'}
          disabled={!online || waiting}
          action={async () => {
            if (test.confirm) setConfirming(true);
            else await run();
          }}
        >
          {phase === 'idle' ? `Run ${test.label}` : `Run ${test.label} again`}
        </ActionButton>
      )}
      {command.state.phase !== 'idle' ? (
        <CommandProgress state={command.state} waitingFor="the unit to carry it out" />
      ) : (
        saved?.phase === 'failed' &&
        saved.problem && <p className="command-progress-problem">Last try failed: {saved.problem}</p>
      )}
    </li>
  );
}

const PHASE_LABELS: Record<CommandPhase, string> = {
  idle: 'Not run',
  loading: 'Sending…',
  sent: 'Sent',
  success: 'Passed',
  failed: 'Failed',
};
