import { useEffect, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  COUNTRY_NAMES,
  DEALER_REQUEST_STATUSES,
  DEALER_REQUEST_TEXTS,
  formatPhone,
  messages,
  PHONE_COUNTRY_CODES,
  REGIONS_BY_COUNTRY,
  TABLE_PAGE_SIZE,
  type ApproveDealerRequestResponse,
  type DealerRequest,
  type DealerRequestList,
  type DealerRequestStatus,
} from '@portal/contracts';
import { ApiError } from '../../lib/api.ts';
import { alerts } from '../../components/alerts.ts';
import { Button } from '../../components/Button.tsx';
import { Field } from '../../components/form/Field.tsx';
import { useCatalogMenu } from '../catalog/api.ts';
import { useApproveDealerRequest, useDealerRequest, useDealerRequestList, useDeclineDealerRequest } from './api.ts';
import './dealer-request.css';

const STATUS_LABELS: Record<DealerRequestStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  declined: 'Declined',
};

const isForbidden = (error: unknown) => error instanceof ApiError && error.status === 403;
const dateText = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: '2-digit', day: '2-digit' });
const regionName = (country: string, code: string) =>
  REGIONS_BY_COUNTRY[country as keyof typeof REGIONS_BY_COUNTRY]?.find((r) => r.code === code)?.name ?? code;

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

function RequestList({
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
  if (failed)
    return (
      <div className="load-error" role="alert">
        <p>We couldn’t load the dealer requests.</p>
        <button type="button" className="button button-secondary" onClick={onRetry}>
          Try again
        </button>
      </div>
    );
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
              <td>{dateText(r.createdAt)}</td>
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

function RequestDetail({
  id,
  channels,
  onClose,
}: {
  id: string;
  channels: { slug: string; name: string }[];
  onClose: () => void;
}) {
  const query = useDealerRequest(id);
  const [approved, setApproved] = useState<ApproveDealerRequestResponse | null>(null);
  const headingId = useId();
  if (query.isPending) return <section className="dealer-request-detail">Loading the request…</section>;
  if (query.isError || !query.data)
    return (
      <section className="dealer-request-detail" role="alert">
        <p>{query.error instanceof ApiError ? query.error.message : 'We couldn’t load this request.'}</p>
        <button type="button" className="button button-secondary" onClick={onClose}>
          Close
        </button>
      </section>
    );
  const r = query.data;
  return (
    <section className="dealer-request-detail" aria-labelledby={headingId}>
      <div className="dealer-request-detail-head">
        <h2 id={headingId}>{r.companyName}</h2>
        <button type="button" className="button button-link" onClick={onClose}>
          Close
        </button>
      </div>
      <p className={`dealer-request-status status-${r.status}`}>
        {STATUS_LABELS[r.status]}
        {r.reviewedAt && ` on ${dateText(r.reviewedAt)}`}
        {r.reviewedBy && ` by ${r.reviewedBy}`}
        {r.businessPartner && ` · account ${r.businessPartner.sapBpCode}`}
      </p>
      <dl className="dealer-request-facts">
        <dt>Owner</dt>
        <dd>
          {r.firstName} {r.lastName}
        </dd>
        <dt>Email</dt>
        <dd>
          <a href={`mailto:${r.email}`}>{r.email}</a>
        </dd>
        <dt>Phone</dt>
        <dd>
          {PHONE_COUNTRY_CODES[r.phoneCountry as keyof typeof PHONE_COUNTRY_CODES] ?? '+1'} {formatPhone(r.phone)}
        </dd>
        <dt>Website</dt>
        <dd>
          {r.website ? (
            <a href={r.website} target="_blank" rel="noreferrer noopener">
              {r.website}
            </a>
          ) : (
            '—'
          )}
        </dd>
        <dt>Address</dt>
        <dd>
          {r.streetAddress1}
          {r.streetAddress2 && `, ${r.streetAddress2}`}
          <br />
          {r.city}, {regionName(r.country, r.countryArea)} {r.postalCode}
          <br />
          {COUNTRY_NAMES[r.country as keyof typeof COUNTRY_NAMES] ?? r.country}
        </dd>
        <dt>Years in business</dt>
        <dd>{r.yearsInBusiness ?? '—'}</dd>
        <dt>Installers</dt>
        <dd>{r.installerCount ?? '—'}</dd>
        <dt>Brands of interest</dt>
        <dd>
          <BrandNames slugs={r.brandsOfInterest} />
        </dd>
        <dt>Received</dt>
        <dd>{dateText(r.createdAt)}</dd>
        <dt>Message</dt>
        <dd className="dealer-request-message">{r.message || '—'}</dd>
        {r.reviewNote && (
          <>
            <dt>Review note</dt>
            <dd className="dealer-request-message">{r.reviewNote}</dd>
          </>
        )}
      </dl>
      {approved && <ApprovedNotice result={approved} />}
      {r.status === 'pending' && (
        <>
          {r.hasAccount && (
            <p className="dealer-request-warning" role="note">
              {DEALER_REQUEST_TEXTS.accountExists} Approval would be refused; contact the applicant.
            </p>
          )}
          <ApproveForm request={r} channels={channels} onApproved={setApproved} />
          <DeclineForm request={r} />
        </>
      )}
    </section>
  );
}

function BrandNames({ slugs }: { slugs: string[] }) {
  const menu = useCatalogMenu();
  const names = slugs.map((slug) => menu.data?.brands.find((b) => b.slug === slug)?.name ?? slug);
  return <>{names.join(', ') || '—'}</>;
}

function ApprovedNotice({ result }: { result: ApproveDealerRequestResponse }) {
  return (
    <div className="success-panel" role="status">
      <h3>Approved: {result.businessPartner.companyName}</h3>
      <p>
        Business <strong>{result.businessPartner.sapBpCode}</strong> and its dealer account were created. The owner’s
        invitation was sent to <strong>{result.invitationSentTo}</strong>: a link to set a password and sign in.
      </p>
      <p className="muted">
        In demo mode it is in the <a href="/dev/mailbox">demo mailbox</a>.
      </p>
    </div>
  );
}

function ApproveForm({
  request,
  channels,
  onApproved,
}: {
  request: DealerRequest;
  channels: { slug: string; name: string }[];
  onApproved: (result: ApproveDealerRequestResponse) => void;
}) {
  const approve = useApproveDealerRequest(request.id);
  const prefix = request.country === 'CA' ? 'N' : 'C';
  const [code, setCode] = useState('');
  const [channel, setChannel] = useState('dealer');
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    if (channels.length && !channels.some((c) => c.slug === channel)) setChannel(channels[0]!.slug);
  }, [channels, channel]);
  const validCode = new RegExp(`^${prefix}\\d{6}$`).test(code);
  return (
    <form
      className="form dealer-request-approve"
      noValidate
      onSubmit={async (event) => {
        event.preventDefault();
        if (!validCode) {
          setError(DEALER_REQUEST_TEXTS.sapBpCodeInvalid);
          return;
        }
        setError(undefined);
        alerts.clear();
        try {
          onApproved(await approve.mutateAsync({ sapBpCode: code, channel }));
        } catch (failure) {
          alerts.showError(failure);
        }
      }}
    >
      <h3>Approve</h3>
      <div className="form-row">
        <Field
          label="SAP BP code"
          hint={`${prefix} and six digits${request.country === 'CA' ? ' (Canadian business)' : ''}`}
          error={error}
        >
          <input
            value={code}
            maxLength={7}
            autoComplete="off"
            placeholder={`${prefix}000000`}
            className="upper"
            onChange={(e) => setCode(e.target.value.toUpperCase().replace(/[^A-Z0-9]/g, ''))}
          />
        </Field>
        <Field label="Channel" hint="The prices the business buys at">
          <select value={channel} onChange={(e) => setChannel(e.target.value)}>
            {channels.map((c) => (
              <option key={c.slug} value={c.slug}>
                {c.name}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <p className="field-hint">
        Creates the business with this address as default shipping and billing, approves the brands of interest, creates
        the dealer, and invites {request.firstName} {request.lastName} as its owner.
      </p>
      <Button type="submit" loading={approve.isPending}>
        Approve and invite owner
      </Button>
    </form>
  );
}

function DeclineForm({ request }: { request: DealerRequest }) {
  const decline = useDeclineDealerRequest(request.id);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  return (
    <form
      className="form dealer-request-decline"
      noValidate
      onSubmit={async (event) => {
        event.preventDefault();
        if (!note.trim()) {
          setError(messages.requiredField);
          return;
        }
        setError(undefined);
        alerts.clear();
        try {
          await decline.mutateAsync(note);
          alerts.show({ type: 'success', content: `The request of ${request.companyName} was declined.` });
        } catch (failure) {
          alerts.showError(failure);
        }
      }}
    >
      <h3>Decline</h3>
      <Field label="Note" hint="For the review history; the applicant gets a short notice without it" error={error}>
        <textarea rows={3} value={note} maxLength={1000} onChange={(e) => setNote(e.target.value)} />
      </Field>
      <Button type="submit" variant="secondary" loading={decline.isPending}>
        Decline request
      </Button>
    </form>
  );
}
