import { lazy, Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { STORAGE_KEYS } from '@portal/contracts/constants';
import { useStore } from '../../components/store.ts';
import { storage } from '../../lib/storage.ts';
import { useSession } from '../session/index.ts';
import { usePriceScope } from '../catalog/index.ts';
import { canadianPartnersQuery } from './api.ts';
import { optedToStayStore, selectBusinessStore } from './store.ts';

// Neither loads with the shell: only reps open the first, only Canadian businesses meet the second.
const SelectBusinessModal = lazy(() => import('./SelectBusinessModal.tsx'));
const WrongSiteModal = lazy(() => import('./WrongSiteModal.tsx'));

/** The default layout's select-business and wrong-site modals (spec 01 §2.3). */
export function BusinessModals() {
  const selectOpen = useStore(selectBusinessStore);
  const { data: session } = useSession();
  return (
    <Suspense fallback={null}>
      {selectOpen && session?.user && <SelectBusinessModal />}
      <WrongSiteCheck />
    </Suspense>
  );
}

/**
 * spec 01 §4: a Canadian business on the U.S. site meets the wrong-site modal, unless the
 * do-not-show flag is '1' or the user opted to stay. The server answers the caller's own Canadian
 * partners (can:true); any answer in that list makes the acting business Canadian.
 */
function WrongSiteCheck() {
  const { data: session } = useSession();
  const business = session?.selectedBusiness ?? null;
  // Only a business on the U.S. site can be on the wrong one; the stored choices are read for it alone.
  if (!session?.user || business === null || session.site !== 'us') return null;
  return <WrongSiteCheckOf companyName={business.companyName} otherSiteUrl={session.otherSiteUrl} />;
}

function WrongSiteCheckOf({ companyName, otherSiteUrl }: { companyName: string; otherSiteUrl: string }) {
  const scope = usePriceScope();
  const optedToStay = useStore(optedToStayStore);
  const doNotShow = storage.get(STORAGE_KEYS.wrongSiteNotice) === '1';
  const enabled = !optedToStay && !doNotShow;
  const canadian = useQuery({ ...canadianPartnersQuery(scope), enabled });
  if (!enabled || !canadian.data?.edges.length) return null;
  return <WrongSiteModal companyName={companyName} otherSiteUrl={otherSiteUrl} />;
}
