import { useParams } from 'react-router';
import { InvoiceDetailPage, INVOICES_TITLE } from './InvoiceDetailPage.tsx';
import { InvoiceListPage } from './InvoiceListPage.tsx';
import { BillingOnly } from './components/BillingOnly.tsx';
import './invoices.css';

/** /invoice/{id?} (spec 02 §2): the list without an id, one invoice with it; Billing's people only (spec 01 §6). */
export default function InvoicesPage() {
  const id = useParams().id?.trim() ?? '';
  return (
    <BillingOnly title={INVOICES_TITLE}>
      {({ scope }) => (id ? <InvoiceDetailPage scope={scope} id={id} /> : <InvoiceListPage scope={scope} />)}
    </BillingOnly>
  );
}
