import { isSalesRep } from '@portal/contracts/permissions';
import { alerts } from '../../components/alerts.ts';
import { useSession } from '../session/index.ts';
import { useClearBusiness } from './api.ts';
import { openSelectBusiness } from './store.ts';
import './business.css';

/** The session's rep state: only sales reps select a business (spec 01 §2.4, §4). */
function useRepBusiness() {
  const { data: session } = useSession();
  const user = session?.user ?? null;
  return {
    isRep: user ? isSalesRep(user) : false,
    business: session?.selectedBusiness ?? null,
  };
}

/** spec 01 §2.4: the top bar's business selector — the company name, or 'Select Business'. */
export function TopBarBusinessSelector() {
  const { isRep, business } = useRepBusiness();
  if (!isRep) return null;
  return (
    <button type="button" className="business-selector" aria-haspopup="dialog" onClick={openSelectBusiness}>
      {business ? (
        <>
          {business.companyName}
          <span className="visually-hidden"> (change business)</span>
        </>
      ) : (
        'Select Business'
      )}
    </button>
  );
}

/**
 * spec 01 §2.4, §4: the profile menu's business selector for sales reps, and 'Clear Selected
 * Business' once one is selected. List items, to sit in the profile menu's list.
 */
export function ProfileBusinessItems({ onOpen }: { onOpen?: () => void }) {
  const { isRep, business } = useRepBusiness();
  const clear = useClearBusiness();
  if (!isRep) return null;
  return (
    <>
      <li className="profile-business">
        {business && (
          <span className="profile-business-name">
            <span className="profile-business-label">Business</span> {business.companyName}
          </span>
        )}
        <button
          type="button"
          className="menu-action"
          aria-haspopup="dialog"
          onClick={() => {
            onOpen?.();
            openSelectBusiness();
          }}
        >
          {business ? 'Change Business' : 'Select Business'}
        </button>
      </li>
      {business && (
        <li>
          <button
            type="button"
            className="menu-action"
            disabled={clear.isPending}
            onClick={() => clear.mutate(undefined, { onError: (error) => alerts.showError(error) })}
          >
            Clear Selected Business
          </button>
        </li>
      )}
    </>
  );
}

/**
 * Who the rep is acting for, always in view while a business is selected (issue 5: impersonation
 * must be obvious): "Acting for <company> as <dealer primary>".
 */
export function ActingBanner() {
  const { data: session } = useSession();
  const user = session?.user ?? null;
  const business = session?.selectedBusiness ?? null;
  if (!user || !business || !isSalesRep(user)) return null;
  const as = session?.impersonatedUser;
  return (
    <div className="acting-banner" role="status">
      <p>
        Acting for <strong>{business.companyName}</strong> ({business.sapBpCode})
        {as && (
          <>
            {' '}
            as{' '}
            <strong>
              {as.first_name} {as.last_name}
            </strong>
          </>
        )}
      </p>
    </div>
  );
}
