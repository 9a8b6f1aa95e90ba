import { useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { ACTIVATION_TYPE_TEXTS } from '@portal/contracts/activation';
import type { ActivationType } from '@portal/contracts/devices';
import { alertLinesFor } from '../../lib/errors.ts';
import { activationCalls } from './api.ts';
import { readAdvanced, readSaved, writeAdvanced, writeSaved } from './flowState.ts';
import './activation.css';

export const SELECT_TYPE_TITLE = 'Choose the activation type';

/**
 * /activation/select-activation-type (spec 02 §2, §4): the types this device allows now (paused and in
 * Service Mode: replace-device only), each with when to choose it; choosing one starts the activation.
 */
export default function SelectActivationTypePage() {
  const navigate = useNavigate();
  const [saved] = useState(() => readSaved());
  const [advanced, setAdvanced] = useState(() => readAdvanced());
  const [starting, setStarting] = useState<ActivationType | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const device = saved?.device;
  if (!saved || !device) return <Navigate to="/activation" replace />;

  const start = async (type: ActivationType) => {
    if (starting) return;
    setProblem(null);
    // The open activation of this unit and type carries on where it was (the start answers it).
    const open = saved.activation;
    if (
      open &&
      open.status === 'in_progress' &&
      open.activation_type === type &&
      open.device_key === device.device_key
    ) {
      void navigate('/activation/device');
      return;
    }
    setStarting(type);
    try {
      const answer = await activationCalls.start({
        device_key: device.device_key,
        activation_type: type,
        proof: saved.proof ?? '',
        advanced,
      });
      writeSaved({
        ...saved,
        guest_token: answer.guest_token ?? saved.guest_token,
        activation: answer.activation,
        pending: [],
      });
      void navigate('/activation/device');
    } catch (error) {
      setProblem(alertLinesFor(error).join(' '));
    } finally {
      setStarting(null);
    }
  };

  return (
    <div className="page activation-page">
      <h1>{SELECT_TYPE_TITLE}</h1>
      <p className="activation-lead">
        {device.product} · serial {device.device_key}
        {device.plan ? ` · plan ${device.plan.name}` : ' · no plan'}
      </p>
      {device.replaceDeviceOnly && (
        <p className="activation-note">This unit is paused and in Service Mode: it can only replace another unit.</p>
      )}
      <ul className="activation-types">
        {device.allowedActivationTypes.map((type) => (
          <li key={type}>
            <button
              type="button"
              className="activation-type"
              onClick={() => void start(type)}
              disabled={starting !== null}
              aria-busy={starting === type}
            >
              <span className="activation-type-title">{ACTIVATION_TYPE_TEXTS[type].title}</span>
              <span className="activation-type-when">{ACTIVATION_TYPE_TEXTS[type].when}</span>
              {starting === type && <span className="activation-type-busy">Starting…</span>}
            </button>
          </li>
        ))}
      </ul>
      {device.allowedActivationTypes.length === 0 && (
        <p className="activation-problem" role="alert">
          This unit cannot be activated now. Check its serial number, or contact support.
        </p>
      )}
      <label className="activation-check">
        <input
          type="checkbox"
          checked={advanced}
          onChange={(event) => {
            setAdvanced(event.currentTarget.checked);
            writeAdvanced(event.currentTarget.checked);
          }}
        />
        Show the advanced steps (option tables, device configuration)
      </label>
      {problem && (
        <p className="activation-problem" role="alert">
          {problem}
        </p>
      )}
      <p>
        <Link to="/activation">Use another serial number</Link>
      </p>
    </div>
  );
}
