import { COMPANY } from '@portal/contracts/constants';

/**
 * The seller on paper (issue 27 §11): printing drops the top bar, so a printed order, invoice, credit memo
 * or receipt names who issued it — name, address, phone and e-mail. Shown only in print.
 */
export function PrintLetterhead() {
  return (
    <header className="print-letterhead">
      <p className="print-letterhead-name">{COMPANY.name}</p>
      <address>
        {COMPANY.addressLines.join(' · ')}
        <br />
        {COMPANY.supportPhone} · {COMPANY.supportEmail}
      </address>
    </header>
  );
}
