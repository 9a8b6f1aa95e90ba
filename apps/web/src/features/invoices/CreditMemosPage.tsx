import { useParams } from 'react-router';
import { CreditMemoDetailPage, CREDIT_MEMOS_TITLE } from './CreditMemoDetailPage.tsx';
import { CreditMemoListPage } from './CreditMemoListPage.tsx';
import { BillingOnly } from './components/BillingOnly.tsx';
import './invoices.css';

/** /credit-memo/{id?} (spec 02 §2): the list without an id, one credit memo with it; Billing's people only. */
export default function CreditMemosPage() {
  const id = useParams().id?.trim() ?? '';
  return (
    <BillingOnly title={CREDIT_MEMOS_TITLE}>
      {({ scope }) => (id ? <CreditMemoDetailPage scope={scope} id={id} /> : <CreditMemoListPage scope={scope} />)}
    </BillingOnly>
  );
}
