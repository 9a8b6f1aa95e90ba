import { useId, useState } from 'react';
import type { ApproveDealerRequestResponse } from '@portal/contracts';
import { DEALER_REQUEST_TEXTS, PHONE_COUNTRY_CODES } from '@portal/contracts/dealer-requests';
import { COUNTRY_NAMES, REGIONS_BY_COUNTRY } from '@portal/contracts/regions';
import { formatPhone } from '@portal/contracts/validation';
import { formatDate } from '@portal/contracts/format';
import { ApiError } from '../../../lib/api.ts';
import { useCatalogMenu } from '../../catalog/index.ts';
import { useDealerRequest } from '../api.ts';
import { STATUS_LABELS } from './statusLabels.ts';
import { ApproveForm } from './ApproveForm.tsx';
import { DeclineForm } from './DeclineForm.tsx';

const regionName = (country: string, code: string) =>
  REGIONS_BY_COUNTRY[country as keyof typeof REGIONS_BY_COUNTRY]?.find((r) => r.code === code)?.name ?? code;

/** One request in full; a pending one with its approve and decline forms. */
export function RequestDetail({
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
        {r.reviewedAt && ` on ${formatDate(r.reviewedAt)}`}
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
        <dd>{formatDate(r.createdAt)}</dd>
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
