import { Link, useSearchParams } from 'react-router';
import type { DealerRequestStatus } from '@portal/contracts';
import { TABLE_PAGE_SIZE } from '@portal/contracts/constants';
import { DEALER_REQUEST_STATUSES, DEALER_REQUEST_TEXTS } from '@portal/contracts/dealer-requests';
import { ApiError } from '../../lib/api.ts';
import { useDealerRequestList } from './api.ts';
import { STATUS_LABELS } from './admin/statusLabels.ts';
import { RequestList } from './admin/RequestList.tsx';
import { RequestDetail } from './admin/RequestDetail.tsx';
import './dealer-request.css';

const isForbidden = (error: unknown) => error instanceof ApiError && error.status === 403;

/** /admin/dealer-requests: admins review applications from /dealer-request (the server decides who may). */
export default function AdminDealerRequestsPage() {
  const [params, setParams] = useSearchParams();
  const status = (DEALER_REQUEST_STATUSES as readonly string[]).includes(params.get('status') ?? '')
    ? (params.get('status') as DealerRequestStatus)
    : 'pending';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const selectedId = params.get('id');
  const list = useDealerRequestList(status, page, TABLE_PAGE_SIZE);

  const go = (next: { status?: DealerRequestStatus; page?: number; id?: string | null }) => {
    const p = new URLSearchParams();
    const s = next.status ?? status;
    if (s !== 'pending') p.set('status', s);
    const pg = next.page ?? (next.status ? 1 : page);
    if (pg > 1) p.set('page', String(pg));
    const id = next.id === undefined ? selectedId : next.id;
    if (id) p.set('id', id);
    setParams(p);
  };

  if (isForbidden(list.error)) {
    return (
      <div className="admin-dealer-requests">
        <h1>Dealer Requests</h1>
        <div className="dealer-request-unavailable" role="alert">
          <h2>Not available</h2>
          <p>{DEALER_REQUEST_TEXTS.notAllowed}</p>
          <Link to="/">Back to Home</Link>
        </div>
      </div>
    );
  }

  return (
    <div className="admin-dealer-requests">
      <h1>Dealer Requests</h1>
      <div className="dealer-request-tabs" role="tablist" aria-label="Request status">
        {DEALER_REQUEST_STATUSES.map((s) => (
          <button
            key={s}
            type="button"
            role="tab"
            id={`dr-tab-${s}`}
            aria-selected={s === status}
            aria-controls="dr-panel"
            className={s === status ? 'active' : undefined}
            onClick={() => go({ status: s, id: null })}
          >
            {STATUS_LABELS[s]}
            {list.data && <span className="dealer-request-count">{list.data.counts[s]}</span>}
          </button>
        ))}
      </div>
      <div className="dealer-request-review" id="dr-panel" role="tabpanel" aria-labelledby={`dr-tab-${status}`}>
        <RequestList
          list={list.data}
          loading={list.isPending}
          failed={list.isError}
          onRetry={() => void list.refetch()}
          status={status}
          selectedId={selectedId}
          onSelect={(id) => go({ id })}
          onPage={(p) => go({ page: p })}
        />
        {selectedId && (
          <RequestDetail
            key={selectedId}
            id={selectedId}
            channels={list.data?.channels ?? []}
            onClose={() => go({ id: null })}
          />
        )}
      </div>
    </div>
  );
}
