import { useParams } from 'react-router';
import { useBillingAccess } from './access.ts';
import { CreditMemoDetailPage, CREDIT_MEMOS_TITLE } from './CreditMemoDetailPage.tsx';
import { CreditMemoListPage } from './CreditMemoListPage.tsx';
import { AccessPending, NoBillingAccess } from './components/NoBillingAccess.tsx';
import './invoices.css';

/** /credit-memo/{id?} (spec 02 §2): the list without an id, one credit memo with it; Billing's people only. */
export default function CreditMemosPage() {
  const id = useParams().id?.trim() ?? '';
  const { pending, scope, refusal } = useBillingAccess();
  if (pending) return <AccessPending title={CREDIT_MEMOS_TITLE} />;
  if (!scope) return <NoBillingAccess title={CREDIT_MEMOS_TITLE} reason={refusal!} />;
  return id ? <CreditMemoDetailPage scope={scope} id={id} /> : <CreditMemoListPage scope={scope} />;
}
