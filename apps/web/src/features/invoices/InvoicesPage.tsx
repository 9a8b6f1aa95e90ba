import { useParams } from 'react-router';
import { useBillingAccess } from './access.ts';
import { InvoiceDetailPage, INVOICES_TITLE } from './InvoiceDetailPage.tsx';
import { InvoiceListPage } from './InvoiceListPage.tsx';
import { AccessPending, NoBillingAccess } from './components/NoBillingAccess.tsx';
import './invoices.css';

/** /invoice/{id?} (spec 02 §2): the list without an id, one invoice with it; Billing's people only (spec 01 §6). */
export default function InvoicesPage() {
  const id = useParams().id?.trim() ?? '';
  const { pending, scope, refusal } = useBillingAccess();
  if (pending) return <AccessPending title={INVOICES_TITLE} />;
  if (!scope) return <NoBillingAccess title={INVOICES_TITLE} reason={refusal!} />;
  return id ? <InvoiceDetailPage scope={scope} id={id} /> : <InvoiceListPage scope={scope} />;
}
