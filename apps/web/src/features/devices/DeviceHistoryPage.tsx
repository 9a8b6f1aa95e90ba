import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { formatDate, formatDateTime } from '@portal/contracts/format';
import type { InstalledDevice } from '@portal/contracts/devices';
import { ApiError } from '../../lib/api.ts';
import { alertLinesFor } from '../../lib/errors.ts';
import { PrintLetterhead } from '../../components/PrintLetterhead.tsx';
import { ListSkeleton } from '../../components/ListStates.tsx';
import { PageLoadError, PageLoading, RecordNotFound, isNotFound } from '../../components/PageStates.tsx';
import { deviceActivationsQuery, deviceFactsQuery, deviceHistoryQuery } from './api.ts';
import { deviceTimeline, type ActivationEntry, type CommandEntry, type TimelineEntry } from './timeline.ts';
import { planWords, stateWords, vehicleWords } from './words.ts';
import './devices.css';

const ROUTE_TITLE = 'Device history';

/**
 * /devices/:key (issue 29 §5): one device's record for a warranty claim or a support call — its facts, the
 * car, then every activation (each step and what it did) and every call recorded on it (what was asked,
 * what the device answered, who, for which dealer), oldest first. Printable. The server answers 404 for a
 * device that is not the business's (another dealer's, or none), and the page says it was not found.
 */
export default function DeviceHistoryPage() {
  const deviceKey = (useParams().key ?? '').trim().toUpperCase();
  const history = useQuery(deviceHistoryQuery(deviceKey));
  const activations = useQuery(deviceActivationsQuery(deviceKey));
  const facts = useQuery(deviceFactsQuery(deviceKey));

  // A device installed for nobody asks for the ICCID's digits (403): to this business it is not one of its own.
  const notOurs = history.error instanceof ApiError && history.error.status === 403;
  if (isNotFound(history.error) || notOurs)
    return (
      <RecordNotFound
        className="device-history-page"
        heading="Device not found"
        title="Device not found"
        routeTitle={ROUTE_TITLE}
        listPath="/devices"
        listName="Devices"
      />
    );
  if (history.isError)
    return (
      <PageLoadError
        className="device-history-page"
        title={ROUTE_TITLE}
        error={history.error}
        onRetry={() => void history.refetch()}
      />
    );
  if (!history.data)
    return (
      <PageLoading className="device-history-page" title={`Device ${deviceKey}`}>
        <ListSkeleton rows={5} label="Loading the device’s history" />
      </PageLoading>
    );

  const timeline = deviceTimeline(activations.data?.results ?? [], history.data.results);
  return (
    <div className="page device-history-page">
      <PrintLetterhead />
      <p className="device-back">
        <Link to="/devices">All devices</Link>
      </p>
      <header className="device-head">
        <h1>Device {deviceKey}</h1>
        <button type="button" className="button button-secondary device-print" onClick={() => window.print()}>
          Print
        </button>
      </header>
      <p className="device-printed">Device record as of {formatDateTime(new Date())}</p>

      <DeviceFacts deviceKey={deviceKey} device={facts.data ?? null} pending={facts.isPending} />

      <section className="card" aria-labelledby="device-timeline-heading">
        <h2 id="device-timeline-heading">History</h2>
        {activations.isError && (
          <p role="alert" className="alert alert-error">
            The activations could not be read: {alertLinesFor(activations.error).join(' ')} The calls below are
            complete.
          </p>
        )}
        {activations.isPending && <p className="muted">Loading the activations…</p>}
        {timeline.length === 0 ? (
          <p className="muted">Nothing has been done with this device through the portal yet.</p>
        ) : (
          <ol className="device-timeline">
            {timeline.map((entry) => (
              <li key={`${entry.kind}-${entry.id}`} className={`device-event device-event-${entry.kind}`}>
                <TimelineItem entry={entry} />
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}

function DeviceFacts({
  deviceKey,
  device,
  pending,
}: {
  deviceKey: string;
  device: InstalledDevice | null;
  pending: boolean;
}) {
  const car = device ? vehicleWords(device.vehicle) : null;
  return (
    <>
      <section className="card" aria-labelledby="device-facts-heading">
        <h2 id="device-facts-heading">Device</h2>
        <dl className="details">
          <dt>Serial</dt>
          <dd>{deviceKey}</dd>
          {device ? (
            <>
              <dt>Product</dt>
              <dd>{device.product ?? 'Not known'}</dd>
              <dt>State</dt>
              <dd>
                {stateWords(device.device_state)}
                {device.service_mode && ' (in service mode)'}
              </dd>
              <dt>Plan</dt>
              <dd>{planWords(device.plan)}</dd>
              <dt>Installed for</dt>
              <dd>{device.business.companyName}</dd>
              <dt>Installed</dt>
              <dd>
                <time dateTime={device.installed_at}>{formatDate(device.installed_at)}</time>
                {device.installed_by && ` by ${device.installed_by.name}`}
              </dd>
            </>
          ) : (
            <>
              <dt>Installed</dt>
              <dd>{pending ? 'Loading…' : 'Not recorded as installed for this business'}</dd>
            </>
          )}
        </dl>
      </section>
      <section className="card" aria-labelledby="device-vehicle-heading">
        <h2 id="device-vehicle-heading">Vehicle</h2>
        {device?.vehicle ? (
          <dl className="details">
            <dt>Vehicle</dt>
            <dd>{car ?? 'Not recorded'}</dd>
            <dt>VIN</dt>
            <dd className="devices-vin-value">{device.vehicle.vin ?? 'Not recorded'}</dd>
          </dl>
        ) : (
          <p className="muted">{pending ? 'Loading…' : 'The install did not record the vehicle.'}</p>
        )}
      </section>
    </>
  );
}

function Byline({ who, actingAs, forWhom }: { who: string; actingAs?: string | null; forWhom: string | null }) {
  return (
    <p className="device-event-by">
      By {who}
      {actingAs && `, acting as ${actingAs}`}
      {forWhom ? ` for ${forWhom}` : ''}
    </p>
  );
}

function TimelineItem({ entry }: { entry: TimelineEntry }) {
  return (
    <article aria-labelledby={`device-event-${entry.id}`}>
      <p className="device-event-when">
        <time dateTime={entry.at}>{formatDateTime(entry.at, { seconds: true })}</time>
      </p>
      <h3 id={`device-event-${entry.id}`} className="device-event-title">
        {entry.title}: <span className={outcomeClass(entry)}>{entry.outcome}</span>
      </h3>
      {entry.kind === 'activation' ? <ActivationDetails entry={entry} /> : <CommandDetails entry={entry} />}
    </article>
  );
}

const outcomeClass = (entry: TimelineEntry) =>
  entry.kind === 'command'
    ? entry.ok === false
      ? 'device-outcome is-failed'
      : entry.ok
        ? 'device-outcome is-ok'
        : 'device-outcome'
    : entry.outcome === 'Completed'
      ? 'device-outcome is-ok'
      : 'device-outcome';

function ActivationDetails({ entry }: { entry: ActivationEntry }) {
  return (
    <>
      <Byline who={entry.who} forWhom={entry.forWhom} />
      {entry.completedAt && (
        <p className="device-event-note">
          Completed <time dateTime={entry.completedAt}>{formatDateTime(entry.completedAt)}</time>
        </p>
      )}
      <ol className="device-steps" aria-label={`Steps of the ${entry.title.toLowerCase()}`}>
        {entry.steps.map((step) => (
          <li key={step.step} className={`device-step is-${step.tone}`}>
            <span className="device-step-title">{step.title}</span>
            <span className="device-step-status">{step.status}</span>
            {step.summary && <span className="device-step-summary">{step.summary}</span>}
            {step.commands.length > 0 && (
              <ul className="device-step-commands" aria-label={`Calls of ${step.title}`}>
                {step.commands.map((command) => (
                  <li key={command.id} className="device-step-command">
                    <p className="device-step-command-title">
                      <time dateTime={command.at}>{formatDateTime(command.at, { seconds: true })}</time>{' '}
                      <span>
                        {command.title}: <span className={outcomeClass(command)}>{command.outcome}</span>
                      </span>
                    </p>
                    {command.details.length > 0 && (
                      <ul className="device-event-details">
                        {command.details.map((line) => (
                          <li key={line}>{line}</li>
                        ))}
                      </ul>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ol>
    </>
  );
}

function CommandDetails({ entry }: { entry: CommandEntry }) {
  return (
    <>
      <Byline who={entry.who} actingAs={entry.actingAs} forWhom={entry.forWhom} />
      {entry.details.length > 0 && (
        <ul className="device-event-details">
          {entry.details.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
      {entry.finishedAt && Date.parse(entry.finishedAt) - Date.parse(entry.at) >= 1000 && (
        <p className="device-event-note">
          Ended <time dateTime={entry.finishedAt}>{formatDateTime(entry.finishedAt, { seconds: true })}</time>
        </p>
      )}
    </>
  );
}
