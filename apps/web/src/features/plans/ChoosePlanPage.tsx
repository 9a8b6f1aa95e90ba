import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { DURATION_LABELS, planDurationSchema, planIdSchema, planDisplayName } from '@portal/contracts/plans';
import { alerts } from '../../components/alerts.ts';
import { openSelectBusiness } from '../business/index.ts';
import { useCartAccess } from '../cart/index.ts';
import { PlanPicker } from './PlanPicker.tsx';
import { devicesToChooseQuery } from './api.ts';
import './plans.css';

/**
 * /subscriptions/plans (issue 30 item 1): choose a device (one of the business's, or a serial typed in), then a plan
 * and a duration — or, for a device on a plan, an upgrade with its credit — and add it to the cart.
 */
export default function ChoosePlanPage() {
  const [params, setParams] = useSearchParams();
  const access = useCartAccess();
  const navigate = useNavigate();
  const plan = planIdSchema.safeParse(params.get('plan')).data;
  const duration = planDurationSchema.safeParse(params.get('duration')).data;
  const deviceKey = (params.get('device') ?? '').toUpperCase();
  const [typed, setTyped] = useState(deviceKey);
  const devices = useQuery({ ...devicesToChooseQuery, enabled: access.plansReady });

  const chooseDevice = (key: string) => {
    const next = new URLSearchParams(params);
    if (key) next.set('device', key.trim().toUpperCase());
    else next.delete('device');
    setParams(next, { replace: true });
  };

  return (
    <div className="page plans-page">
      <h1>Choose a plan</h1>
      {plan && (
        <p className="muted">
          You picked {planDisplayName(plan)}
          {duration ? `, ${DURATION_LABELS[duration].toLowerCase()}` : ''}.{' '}
          <Link to="/subscriptions">Compare plans</Link>
        </p>
      )}
      {!access.planBuyer ? (
        <div className="empty-state">
          <h2>Plans are bought by your business’s purchasers</h2>
          <p>{access.planRefusal}</p>
          <p>
            <Link to="/subscriptions">See the plans and their prices</Link>.
          </p>
        </div>
      ) : access.needsBusiness ? (
        <div className="empty-state">
          <h2>Select a business to buy a plan for its device</h2>
          <button type="button" className="button button-primary" onClick={openSelectBusiness}>
            Select Business
          </button>
        </div>
      ) : (
        <div className="plan-chooser">
          <form
            onSubmit={(event) => {
              event.preventDefault();
              chooseDevice(typed);
            }}
          >
            <label htmlFor="plan-device">Device</label>
            {devices.data && devices.data.results.length > 0 ? (
              <select id="plan-device" value={deviceKey} onChange={(event) => chooseDevice(event.target.value)}>
                <option value="">Choose one of your devices</option>
                {devices.data.results.map((d) => (
                  <option key={d.device_key} value={d.device_key}>
                    {d.device_key} {d.product ? `(${d.product})` : ''}
                    {d.plan ? ` — ${d.plan.name}` : ' — no plan'}
                  </option>
                ))}
              </select>
            ) : (
              <p className="muted small">
                No devices are installed for your business yet. Type the serial number printed on the unit.
              </p>
            )}
            <label htmlFor="plan-serial">Or type a serial number</label>
            <div className="plan-durations">
              <input
                id="plan-serial"
                inputMode="numeric"
                placeholder="e.g. 10230000234"
                value={typed}
                onChange={(event) => setTyped(event.target.value.replace(/[^A-Za-z0-9]/g, '').toUpperCase())}
              />
              <button type="submit" className="button button-secondary" disabled={!typed}>
                Look up
              </button>
            </div>
          </form>
          {deviceKey ? (
            <PlanPicker
              key={deviceKey}
              deviceKey={deviceKey}
              initial={{ plan, duration }}
              onAdded={(choice) => {
                alerts.show({
                  type: 'success',
                  content: `${planDisplayName(choice.plan)}, ${DURATION_LABELS[choice.duration].toLowerCase()} for ${deviceKey} is in the cart.`,
                  action: { text: 'View cart', onClick: () => void navigate('/cart') },
                });
              }}
            />
          ) : (
            <p className="muted">Choose a device to see the plans it can take and their prices.</p>
          )}
        </div>
      )}
    </div>
  );
}
