import { alertStore, alerts } from './alerts.ts';
import { useStore } from './store.ts';
import { CloseIcon } from './icons.tsx';
import { OfflineBanner } from '../offline/OfflineBanner.tsx';

/** The alert bar of every layout (spec 01 §2.3, §4), with the offline banner (issue 31). Errors interrupt; the rest are polite. */
export function AlertBar() {
  const list = useStore(alertStore);
  return (
    <div className="alert-bar" aria-live="polite">
      <OfflineBanner />
      {list.map((alert) => (
        <div key={alert.id} className={`alert alert-${alert.type}`} role={alert.type === 'error' ? 'alert' : 'status'}>
          <div className="alert-content">
            {alert.content.map((line, i) => (
              <p key={i}>{line}</p>
            ))}
          </div>
          {alert.action && (
            <button type="button" className="alert-action" onClick={alert.action.onClick}>
              {alert.action.text}
            </button>
          )}
          <button
            type="button"
            className="icon-button"
            aria-label="Close alert"
            onClick={() => alerts.dismiss(alert.id)}
          >
            <CloseIcon />
          </button>
        </div>
      ))}
    </div>
  );
}
