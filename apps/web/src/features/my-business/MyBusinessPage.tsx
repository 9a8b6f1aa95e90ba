import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { isSalesRep, profileMenuFor } from '@portal/contracts/permissions';
import { useSession } from '../session/index.ts';
import { ApiError } from '../../lib/api.ts';
import { alertLinesFor } from '../../lib/errors.ts';
import { formatMoney } from '@portal/contracts/format';
import { myDealerQuery, partnerQuery } from './api.ts';
import { DealerProfileForm } from './DealerProfileForm.tsx';
import { InstallersSection } from './InstallersSection.tsx';
import { InvitationsSection } from './InvitationsSection.tsx';
import { ActivitySection } from './ActivitySection.tsx';
import { DevicesCard } from '../devices/index.ts';
import './my-business.css';

/**
 * /my-business (issue 5): the business the session acts for — its account, the dealer's public
 * profile, installers with purchasing rights, invitations, and what reps did while acting for it.
 */
export default function MyBusinessPage() {
  const { data: session } = useSession();
  const user = session?.user ?? null;
  const business = session?.selectedBusiness ?? null;
  const rep = user ? isSalesRep(user) : false;
  // spec 01 §6: the rule of the profile menu, which the server's staff calls ask too (issue 14):
  // owners, and sales reps with a selected business unless they are outside reps.
  const allowed = !!user && business !== null && profileMenuFor(user, business !== null).myBusiness;
  const dealer = useQuery({ ...myDealerQuery, enabled: allowed });
  const partner = useQuery({ ...partnerQuery(business?.sapBpCode ?? ''), enabled: allowed });

  if (!allowed)
    return (
      <div className="page my-business">
        <h1>My Business</h1>
        <div className="empty-state">
          <h2>
            {!rep
              ? 'Only the dealer’s owner manages the business'
              : business
                ? 'Outside sales reps don’t manage the business'
                : 'Select a business first'}
          </h2>
          <p>
            {!rep
              ? 'Ask your dealer’s owner to change the profile, installers or invitations.'
              : business
                ? 'Ask the dealer’s owner or an inside sales rep to change the profile, installers or invitations.'
                : 'Choose the business you act for with Select Business in the top bar.'}
          </p>
          <p>
            <Link to="/">Back to the dashboard</Link>
          </p>
        </div>
      </div>
    );

  const error = dealer.error ?? partner.error;
  return (
    <div className="page my-business">
      <h1>My Business</h1>
      <p className="muted">
        {business!.companyName} · {business!.sapBpCode}
        {session?.impersonatedUser &&
          ` · acting as ${session.impersonatedUser.first_name} ${session.impersonatedUser.last_name}`}
      </p>
      {error && !(error instanceof ApiError && error.status === 404) && (
        <p role="alert" className="alert alert-error">
          {alertLinesFor(error).join(' ')}
        </p>
      )}

      <section className="card" aria-labelledby="account-heading">
        <h2 id="account-heading">Account</h2>
        {partner.data ? (
          <dl className="facts">
            <div>
              <dt>Price channel</dt>
              <dd>{partner.data.channel.slug}</dd>
            </div>
            <div>
              <dt>Approved brands</dt>
              <dd>{partner.data.approvedBrands.map((b) => b.name).join(', ') || 'None yet'}</dd>
            </div>
            {partner.data.accountBalance !== undefined && (
              <div>
                <dt>Account balance</dt>
                <dd>{formatMoney(partner.data.accountBalance)}</dd>
              </div>
            )}
            {partner.data.creditLimit !== undefined && (
              <div>
                <dt>Credit limit</dt>
                <dd>{formatMoney(partner.data.creditLimit)}</dd>
              </div>
            )}
            {partner.data.pastDueInvoices !== undefined && (
              <div>
                <dt>Past due</dt>
                <dd>{formatMoney(partner.data.pastDueInvoices)}</dd>
              </div>
            )}
            <div>
              <dt>Payment terms</dt>
              <dd>{partner.data.accountInformation.paymentTerms}</dd>
            </div>
            {partner.data.defaultShippingAddress && (
              <div>
                <dt>Ships to</dt>
                <dd>
                  {partner.data.defaultShippingAddress.streetAddress1}, {partner.data.defaultShippingAddress.city},{' '}
                  {partner.data.defaultShippingAddress.countryArea} {partner.data.defaultShippingAddress.postalCode}
                </dd>
              </div>
            )}
          </dl>
        ) : (
          <p className="muted">{partner.isPending ? 'Loading the account…' : 'The account could not be read.'}</p>
        )}
      </section>

      {dealer.isPending ? (
        <p className="muted">Loading the dealer…</p>
      ) : dealer.data ? (
        <>
          <DealerProfileForm dealer={dealer.data} />
          <InstallersSection dealerId={dealer.data.id} />
          <InvitationsSection dealerId={dealer.data.id} />
        </>
      ) : (
        <section className="card">
          <h2>Dealer</h2>
          <p>This business has no dealer account yet, so it has no installers or invitations to manage.</p>
        </section>
      )}
      <DevicesCard />
      <ActivitySection />
    </div>
  );
}
