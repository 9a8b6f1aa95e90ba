import { ContentPage } from './ContentPage.tsx';

export default function ShippingPage() {
  return (
    <ContentPage title="Shipping Policy" updated="2026-11-01">
      <p>
        Northwind Vehicle Systems, Inc. ships Dealer Portal orders from our distribution center in Boise, Idaho. We ship
        with UPS to business and residential addresses throughout the United States. Orders for Canadian customers are
        handled through our Canadian site.
      </p>

      <section>
        <h2>Order cut-off time</h2>
        <p className="content-note">
          In-stock orders placed by 2:00 PM Mountain Time on a business day ship the same business day. Orders placed
          after 2:00 PM, or on weekends and holidays, ship the next business day.
        </p>
        <p>
          Orders held for credit review, past-due balances or backordered items ship once the hold is released or the
          items are received. Transit times are counted in business days from the ship date.
        </p>
      </section>

      <section>
        <h2>Shipping methods and transit times</h2>
        <table className="content-table">
          <caption>Typical transit times within the contiguous United States</caption>
          <thead>
            <tr>
              <th scope="col">Method</th>
              <th scope="col">Typical transit time</th>
              <th scope="col">Notes</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>UPS Ground</td>
              <td>1–5 business days</td>
              <td>Most western states in 1–3 days; free for dealers on qualifying orders</td>
            </tr>
            <tr>
              <td>UPS 3 Day Select</td>
              <td>3 business days</td>
              <td>Guaranteed by end of day</td>
            </tr>
            <tr>
              <td>UPS 2nd Day Air</td>
              <td>2 business days</td>
              <td>Guaranteed by end of day</td>
            </tr>
            <tr>
              <td>UPS Next Day Air</td>
              <td>1 business day</td>
              <td>Delivered by 10:30 AM to most business addresses; order by 2:00 PM Mountain Time</td>
            </tr>
          </tbody>
        </table>
        <p>
          Shipping charges are calculated at checkout from the weight of the order and the destination. Transit times
          are estimates provided by UPS and are not guaranteed by Northwind; weather and carrier delays can occur.
        </p>
      </section>

      <section>
        <h2>Free ground shipping for dealers</h2>
        <p>
          Dealer accounts receive free UPS Ground shipping on orders of $500 or more before tax, shipped to a single
          address in the contiguous United States. The threshold applies to the merchandise total after discounts and
          does not include subscription plans. Expedited methods are always charged at standard rates.
        </p>
      </section>

      <section>
        <h2>Alaska, Hawaii and Puerto Rico</h2>
        <p>
          We ship to Alaska, Hawaii and Puerto Rico using UPS 2nd Day Air or UPS Next Day Air only. These orders are not
          eligible for free shipping, and some batteries and sirens may be subject to air-shipping restrictions. Contact
          your sales representative for freight quotes on large orders.
        </p>
      </section>

      <section>
        <h2>Canada</h2>
        <p>
          Canadian dealers and installers should order through our Canadian site, which shows prices in Canadian dollars
          and ships from our Canadian warehouse with no cross-border duties for most products. Orders shipped from the
          United States to Canada at a customer’s request are sent with the customer as importer of record; duties,
          taxes and brokerage fees are the recipient’s responsibility.
        </p>
      </section>

      <section>
        <h2>Tracking your order</h2>
        <p>
          When your order ships we e-mail a confirmation with the UPS tracking number. You can also see the status and
          tracking link for every shipment under My Orders in the portal. Dealer owners and accountants can view all
          orders for their business account.
        </p>
      </section>

      <section>
        <h2>Damaged or missing shipments</h2>
        <ul>
          <li>Inspect every package on delivery and note any visible damage with the driver when possible.</li>
          <li>
            Report damaged, missing or incorrect items within 5 business days of delivery through our{' '}
            <a href="/contact-us">contact page</a> or by calling (800) 555-0142.
          </li>
          <li>Keep the carton and packing materials until the claim is resolved; UPS may need to inspect them.</li>
          <li>Claims reported after 5 business days may not be eligible for replacement or credit.</li>
        </ul>
        <p>
          We will file the carrier claim and ship replacements for confirmed damage at no charge. Returns for other
          reasons are covered by our <a href="/return-policy">Return Policy</a>.
        </p>
      </section>

      <section>
        <h2>PO boxes and address requirements</h2>
        <p>
          UPS cannot deliver to P.O. boxes. Please provide a street address for every shipment; APO/FPO addresses are
          not supported. Orders with incomplete or undeliverable addresses will be held until corrected, and
          address-correction or re-delivery fees charged by UPS may be passed on to your account.
        </p>
      </section>

      <section>
        <h2>Questions</h2>
        <p>
          Our support team is available Monday through Friday, 7:00 AM to 5:00 PM Mountain Time, at (800) 555-0142 or{' '}
          <a href="mailto:support@dealerportal.example">support@dealerportal.example</a>.
        </p>
      </section>
    </ContentPage>
  );
}
