import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { formatDateTime } from '@portal/contracts/format';
import { activityQuery } from './api.ts';

const PAGE = 10;

/** What sales reps did while acting for this business, with the real person (issue 5), in the server's words. */
export function ActivitySection() {
  const [offset, setOffset] = useState(0);
  const activity = useQuery({ ...activityQuery(offset, PAGE), placeholderData: keepPreviousData });
  const data = activity.data;
  return (
    <section className="card" aria-labelledby="activity-heading">
      <h2 id="activity-heading">Activity by sales reps</h2>
      <p className="muted small">Every change a sales rep makes while acting for this business is listed here.</p>
      {activity.isPending ? (
        <p className="muted">Loading activity…</p>
      ) : activity.error ? (
        <p role="alert">The activity could not be loaded.</p>
      ) : !data?.results.length ? (
        <p>No sales rep has acted for this business yet.</p>
      ) : (
        <>
          <ol className="activity-list">
            {data.results.map((event) => (
              <li key={event.id}>
                <time dateTime={event.created_at}>{formatDateTime(event.created_at)}</time>{' '}
                <strong>
                  {event.actor.first_name} {event.actor.last_name}
                </strong>
                {event.impersonated && ` as ${event.impersonated.first_name} ${event.impersonated.last_name}`}:{' '}
                {event.description}
              </li>
            ))}
          </ol>
          <div className="activity-pager">
            <button
              type="button"
              className="button button-secondary"
              disabled={offset === 0}
              onClick={() => setOffset(offset - PAGE)}
            >
              Newer
            </button>
            <button
              type="button"
              className="button button-secondary"
              disabled={data.next === null}
              onClick={() => setOffset(offset + PAGE)}
            >
              Older
            </button>
          </div>
        </>
      )}
    </section>
  );
}
