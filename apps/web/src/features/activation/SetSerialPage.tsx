import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ACTIVATION_STEP_TITLES, ACTIVATION_TYPE_TEXTS, type Activation } from '@portal/contracts/activation';
import { DEVICE_TEXTS, deviceKeyField } from '@portal/contracts/devices';
import { Button } from '../../components/Button.tsx';
import { Field } from '../../components/form/Field.tsx';
import { useSession } from '../session/index.ts';
import { activationCalls, deviceCalls } from './api.ts';
import { deviceCheckProblem, ICCID_WHERE } from './deviceCheckProblem.ts';
import { clearSaved, readSaved, writeSaved } from './flowState.ts';
import './activation.css';

/** The proof of holding the unit (issue 28 §5): four digits, always asked here (a guest can not do without). */
export const serialFormSchema = z.object({
  device_key: deviceKeyField,
  iccid: z
    .string()
    .trim()
    .regex(/^\d{4}$/, DEVICE_TEXTS.proofRequired),
});
type SerialForm = z.input<typeof serialFormSchema>;

/** Serial numbers are upper-cased and kept to letters and digits as they are typed (spec 02 §5). */
const cleanSerial = (value: string) => value.toUpperCase().replace(/[^A-Z0-9]/g, '');

/** /activation 'Set Serial Number' (spec 02 §2, optional login): the unit's serial and proof, then its check. */
export default function SetSerialPage() {
  const navigate = useNavigate();
  const saved = readSaved();
  const form = useForm<SerialForm>({
    resolver: zodResolver(serialFormSchema),
    defaultValues: { device_key: saved?.device_key ?? '', iccid: '' },
  });
  const [problem, setProblem] = useState<ReturnType<typeof deviceCheckProblem> | null>(null);
  const check = useMutation({
    mutationFn: ({ device_key, iccid }: { device_key: string; iccid: string }) => deviceCalls.check(device_key, iccid),
  });
  const serial = form.register('device_key');
  const iccid = form.register('iccid');

  const onSubmit = form.handleSubmit(async (values) => {
    setProblem(null);
    const deviceKey = cleanSerial(values.device_key);
    try {
      const answer = await check.mutateAsync({ device_key: deviceKey, iccid: values.iccid.trim() });
      const device = answer.results[0];
      if (!device) {
        setProblem(deviceCheckProblem(null));
        return;
      }
      const before = readSaved();
      writeSaved({
        device_key: device.device_key,
        proof: values.iccid.trim(),
        // A guest's token of an open activation of this same unit stays (its start may answer that one).
        guest_token: before?.device_key === device.device_key ? before.guest_token : null,
        device,
        activation: before?.device_key === device.device_key ? before.activation : null,
        pending: before?.device_key === device.device_key ? before.pending : [],
      });
      void navigate('/activation/select-activation-type');
    } catch (error) {
      const found = deviceCheckProblem(error);
      if (found.field === 'device_key') form.setError('device_key', { message: found.text });
      else if (found.field === 'iccid') form.setError('iccid', { message: found.text });
      else setProblem(found);
    }
  });

  return (
    <div className="page activation-page">
      <h1>Set Serial Number</h1>
      <ResumeCard />
      <form className="form activation-form" noValidate onSubmit={onSubmit}>
        <p className="activation-lead">
          Enter the serial number of the unit you are installing. You can do this signed in or as a guest.
        </p>
        <Field label="Device ID (serial number)" error={form.formState.errors.device_key?.message}>
          <input
            {...serial}
            onChange={(event) => {
              event.currentTarget.value = cleanSerial(event.currentTarget.value);
              return serial.onChange(event);
            }}
            inputMode="text"
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            placeholder="e.g. 10230000234"
          />
        </Field>
        <Field label="Last 4 digits of the ICCID" hint={ICCID_WHERE} error={form.formState.errors.iccid?.message}>
          <input
            {...iccid}
            onChange={(event) => {
              event.currentTarget.value = event.currentTarget.value.replace(/\D/g, '').slice(0, 4);
              return iccid.onChange(event);
            }}
            inputMode="numeric"
            autoComplete="off"
            maxLength={4}
            placeholder="e.g. 0234"
          />
        </Field>
        {problem && (
          <div className="activation-problem" role="alert">
            <p>{problem.text}</p>
            {problem.signOut && (
              <p>
                <Link to="/logout">Sign out</Link> and enter the serial number again to activate as a guest.
              </p>
            )}
          </div>
        )}
        <Button type="submit" loading={check.isPending} className="activation-primary">
          Check device
        </Button>
      </form>
    </div>
  );
}

/**
 * An open activation to go back to (issue 29 §3): the one kept on this phone, or, signed in, the newest of
 * the server's (another phone's). Resume, or start over (the open one is abandoned).
 */
function ResumeCard() {
  const navigate = useNavigate();
  const session = useSession();
  const [saved, setSaved] = useState(() => readSaved());
  const local = saved?.activation?.status === 'in_progress' ? saved.activation : null;
  const signedIn = !!session.data?.user;
  const list = useQuery({
    queryKey: ['activations', 'open', saved?.guest_token ?? null, signedIn],
    queryFn: ({ signal }) => activationCalls.listOpen(saved?.guest_token ?? null, signal),
    enabled: signedIn || !!saved?.guest_token,
    retry: false,
  });
  const remote = list.data?.results.find((activation) => activation.status === 'in_progress') ?? null;
  const open: Activation | null = local ?? remote;
  const [proof, setProof] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!open) return null;
  const isLocal = open === local;

  const resume = async () => {
    setProblem(null);
    if (isLocal) {
      void navigate('/activation/device');
      return;
    }
    // Another phone's: this one proves the unit too, and learns its facts.
    if (!/^\d{4}$/.test(proof)) {
      setProblem(DEVICE_TEXTS.proofRequired);
      return;
    }
    setBusy(true);
    try {
      const answer = await deviceCalls.facts(open.device_key, proof);
      writeSaved({
        device_key: open.device_key,
        proof,
        guest_token: saved?.guest_token ?? null,
        device: answer.results[0] ?? null,
        activation: open,
        pending: [],
      });
      void navigate('/activation/device');
    } catch (error) {
      setProblem(deviceCheckProblem(error).text);
    } finally {
      setBusy(false);
    }
  };

  const startOver = async () => {
    setBusy(true);
    try {
      await activationCalls.abandon(open.id, saved?.guest_token ?? null);
    } catch {
      /* already gone, or out of reach: this phone forgets it either way */
    } finally {
      setBusy(false);
    }
    clearSaved();
    setSaved(null);
    void list.refetch();
  };

  return (
    <section className="activation-card resume-card" aria-labelledby="resume-heading">
      <h2 id="resume-heading">Activation in progress</h2>
      <p>
        {ACTIVATION_TYPE_TEXTS[open.activation_type].title} of {open.device_key}: at “
        {ACTIVATION_STEP_TITLES[open.current_step]}” (step {open.steps.indexOf(open.current_step) + 1} of{' '}
        {open.steps.length}).
      </p>
      {!isLocal && (
        <Field label={`Last 4 digits of the ICCID of ${open.device_key}`} hint={ICCID_WHERE}>
          <input
            value={proof}
            onInput={(event) => setProof(event.currentTarget.value.replace(/\D/g, '').slice(0, 4))}
            inputMode="numeric"
            maxLength={4}
          />
        </Field>
      )}
      {problem && (
        <p className="activation-problem" role="alert">
          {problem}
        </p>
      )}
      <div className="activation-actions">
        <Button type="button" onClick={() => void resume()} loading={busy}>
          Resume
        </Button>
        <Button type="button" variant="secondary" onClick={() => void startOver()} disabled={busy}>
          Start over
        </Button>
      </div>
    </section>
  );
}
