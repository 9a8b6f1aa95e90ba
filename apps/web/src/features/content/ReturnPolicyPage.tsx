import { ContentPage } from './ContentPage.tsx';

export default function ReturnPolicyPage() {
  return (
    <ContentPage title="Return Policy" updated="2026-11-01">
      <p>
        This policy covers returns of products purchased from Northwind Vehicle Systems, Inc. through the Dealer Portal
        or from a Northwind sales representative. Every return requires a Return Merchandise Authorization (RMA) number
        issued before the product is shipped back to us.
      </p>

      <section>
        <h2>How to request an RMA</h2>
        <ol>
          <li>
            Request an RMA through our <a href="/contact-us">contact page</a> or from your inside or outside sales
            representative. Include your account number, invoice number, part numbers, quantities and the reason for the
            return. For defective items, include the device serial number and a short description of the fault.
          </li>
          <li>
            We will review the request and e-mail an RMA number and return instructions, usually within one business
            day.
          </li>
          <li>
            Write the RMA number clearly on the outside of the carton and include a copy of the RMA e-mail inside.
            Packages received without an RMA number may be refused or returned at your expense.
          </li>
          <li>Ship the return within 15 days of the RMA being issued. RMA numbers expire after 15 days.</li>
        </ol>
      </section>

      <section>
        <h2>Returns of unopened stock</h2>
        <p>
          Unopened products in their original, undamaged, resalable packaging may be returned within 30 days of the
          invoice date for full credit of the purchase price, without a restocking fee.
        </p>
      </section>

      <section>
        <h2>Opened, non-defective items</h2>
        <p>
          Opened items that are not defective may be returned within 30 days of the invoice date if they are complete,
          uninstalled and in like-new condition with all manuals, antennas, remotes and harnesses. A 15% restocking fee
          is deducted from the credit. Items that are missing components or show signs of installation are not eligible.
        </p>
      </section>

      <section>
        <h2>Defective items and warranty</h2>
        <table className="content-table">
          <caption>Limited hardware warranty periods (from the date of the original invoice)</caption>
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col">Warranty period</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>Remote-start and security controllers (control modules)</td>
              <td>1 year</td>
            </tr>
            <tr>
              <td>Remote transmitters, antennas and telematics modules</td>
              <td>1 year</td>
            </tr>
            <tr>
              <td>Bypass and interface modules</td>
              <td>1 year</td>
            </tr>
            <tr>
              <td>Northwind-branded vehicle-specific T-harnesses (uncut)</td>
              <td>Lifetime, for as long as the original purchasing dealer carries the product line</td>
            </tr>
            <tr>
              <td>Sensors, sirens and accessories</td>
              <td>90 days</td>
            </tr>
          </tbody>
        </table>
        <p>
          Warranty covers defects in materials and workmanship under normal use and proper installation. We will repair
          or replace the item, or issue credit if a replacement is unavailable. Warranty does not cover damage from
          incorrect wiring, water intrusion, physical abuse, unauthorized firmware, or installation contrary to our{' '}
          <a href="/installer-guides">installer guides</a>.
        </p>
        <p>
          Before requesting an RMA for a suspected defect, please call technical support at (800) 555-0142. Many issues
          can be resolved by updating firmware or checking the installation, and we can often ship an advance
          replacement for confirmed failures.
        </p>
      </section>

      <section>
        <h2>Non-returnable items</h2>
        <ul>
          <li>Items that have been installed in a vehicle, except for warranty claims.</li>
          <li>Special-order and custom-programmed items, including products flashed for a specific vehicle.</li>
          <li>Subscription plans after activation on a device.</li>
          <li>T-harnesses that have been cut, spliced or modified.</li>
          <li>Clearance and discontinued items marked “final sale.”</li>
          <li>Items returned more than 30 days after the invoice date, except under warranty.</li>
        </ul>
      </section>

      <section>
        <h2>Credits and refunds</h2>
        <p>
          Approved returns are credited to your business account as a credit memo, normally within five business days
          after we receive and inspect the items. Credit memos can be applied to open invoices or future orders and
          appear under billing in the portal. Original shipping charges are not refunded unless the return is the result
          of our error or a defective product.
        </p>
      </section>

      <section>
        <h2>Shipping returns</h2>
        <p>
          Return shipping is paid by the sender, except for defective items under warranty and items we shipped in
          error, for which we will provide a prepaid UPS label with your RMA. Pack items securely, as we cannot credit
          items damaged in return transit. We recommend using a trackable service. Replacement items are shipped by UPS
          Ground; see our <a href="/shipping">Shipping Policy</a> for details.
        </p>
      </section>

      <section>
        <h2>Returns from Canada</h2>
        <p className="content-note">
          Orders placed on our Canadian site must be returned to our Canadian return address provided with your RMA, not
          to our Boise headquarters. Do not ship returns across the border yourself: duties and brokerage fees on
          cross-border returns cannot be credited. Credits for Canadian orders are issued in Canadian dollars, including
          any applicable GST/HST or PST.
        </p>
      </section>

      <section>
        <h2>Questions</h2>
        <p>
          Contact support at (800) 555-0142, Monday through Friday, 7:00 AM to 5:00 PM Mountain Time, or e-mail{' '}
          <a href="mailto:support@dealerportal.example">support@dealerportal.example</a>.
        </p>
      </section>
    </ContentPage>
  );
}
