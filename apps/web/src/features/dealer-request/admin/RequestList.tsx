import type { DealerRequestList, DealerRequestStatus } from '@portal/contracts';
import { formatDate } from '@portal/contracts/format';
import { LoadError } from '../../../components/LoadError.tsx';
import { STATUS_LABELS } from './statusLabels.ts';

/** One page of the requests of a status, newest first, with a pager. */
export function RequestList({
  list,
  loading,
  failed,
  onRetry,
  status,
  selectedId,
  onSelect,
  onPage,
}: {
  list: DealerRequestList | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  status: DealerRequestStatus;
  selectedId: string | null;
  onSelect: (id: string) => void;
  onPage: (page: number) => void;
}) {
  if (failed) return <LoadError what="the dealer requests" onRetry={onRetry} />;
  if (loading || !list) return <p aria-busy="true">Loading dealer requests…</p>;
  if (list.results.length === 0) return <p className="dealer-request-empty">No {status} dealer requests.</p>;
  const pages = Math.max(1, Math.ceil(list.totalCount / list.pageSize));
  return (
    <div className="dealer-request-list">
      <table>
        <caption className="visually-hidden">{STATUS_LABELS[status]} dealer requests</caption>
        <thead>
          <tr>
            <th scope="col">Company</th>
            <th scope="col">Contact</th>
            <th scope="col">Location</th>
            <th scope="col">Received</th>
          </tr>
        </thead>
        <tbody>
          {list.results.map((r) => (
            <tr key={r.id} className={r.id === selectedId ? 'selected' : undefined}>
              <td>
                <button
                  type="button"
                  className="button-link"
                  aria-current={r.id === selectedId ? 'true' : undefined}
                  onClick={() => onSelect(r.id)}
                >
                  {r.companyName}
                </button>
              </td>
              <td>
                {r.firstName} {r.lastName}
                <br />
                <span className="muted">{r.email}</span>
              </td>
              <td>
                {r.city}, {r.countryArea} ({r.country})
              </td>
              <td>{formatDate(r.createdAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {pages > 1 && (
        <nav className="dealer-request-pager" aria-label="Pages">
          <button
            type="button"
            className="button button-secondary"
            disabled={list.page <= 1}
            onClick={() => onPage(list.page - 1)}
          >
            Previous
          </button>
          <span>
            Page {list.page} of {pages}
          </span>
          <button
            type="button"
            className="button button-secondary"
            disabled={list.page >= pages}
            onClick={() => onPage(list.page + 1)}
          >
            Next
          </button>
        </nav>
      )}
    </div>
  );
}
