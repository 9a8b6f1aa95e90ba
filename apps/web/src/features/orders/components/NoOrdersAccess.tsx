import { BackToDashboard, PageMessage } from '../../../components/PageStates.tsx';

/** My Orders closed to this person (spec 01 §6): why, and the way back; nothing is asked of the server. */
export function NoOrdersAccess({ title, reason }: { title: string; reason: string }) {
  return (
    <PageMessage className="orders-page" title={title}>
      <p>{reason}</p>
      <BackToDashboard />
    </PageMessage>
  );
}
