import { ContentPage } from './ContentPage.tsx';

export default function TermsPage() {
  return (
    <ContentPage title="Terms of Use" updated="2026-11-01">
      <p>
        These Terms of Use govern your access to and use of the Dealer Portal operated by Northwind Vehicle Systems,
        Inc. (“Northwind,” “we,” “us”). By signing in or placing an order you agree to these terms on behalf of yourself
        and, where applicable, the business you represent. If you do not agree, do not use the portal.
      </p>

      <section>
        <h2>Accounts and credentials</h2>
        <ul>
          <li>Each user must have an individual login. Do not share usernames, passwords or one-time codes.</li>
          <li>
            Multi-factor authentication (MFA) is required for dealer owners, accountants, sales representatives and
            administrators, and strongly recommended for all other users.
          </li>
          <li>
            You are responsible for activity under your login. Tell us immediately at (800) 555-0142 if you believe your
            credentials have been compromised.
          </li>
          <li>Keep your contact details current so we can reach you about orders, invoices and security notices.</li>
        </ul>
      </section>

      <section>
        <h2>Business accounts and sales representatives</h2>
        <p>
          Dealer accounts are opened for businesses through our <a href="/dealer-request">dealer application</a>. The
          dealer owner controls which users belong to the business account and what roles they hold. Users acting for a
          business represent that they are authorized to bind it.
        </p>
        <p>
          Northwind inside and outside sales representatives may view your account and place orders on your business’s
          behalf at your request. Orders placed by a sales representative for your business are treated as orders placed
          by you, and will appear in your order history.
        </p>
      </section>

      <section>
        <h2>Ordering on account</h2>
        <ul>
          <li>
            Prices shown after sign-in reflect your business’s channel (for example retail dealer, distributor or fleet)
            and may differ from list prices. Prices and availability may change without notice until an order is
            accepted.
          </li>
          <li>
            Each business account has a credit limit. Orders that would exceed the available credit, or that are placed
            while invoices are past due, may be held until payment is received.
          </li>
          <li>
            Invoices are due according to the payment terms on your account (typically Net 30 from the invoice date).
            Where your terms offer an early-payment discount, such as 2% if paid within 10 days, the discount applies
            only to the merchandise total and only if payment is received within the discount period.
          </li>
          <li>Past-due balances may incur a late charge of 1.5% per month or the maximum allowed by law, if less.</li>
          <li>
            Shipping and returns are governed by our <a href="/shipping">Shipping Policy</a> and{' '}
            <a href="/return-policy">Return Policy</a>.
          </li>
        </ul>
      </section>

      <section>
        <h2>Subscription plans</h2>
        <p>
          Basic, Premium, Premium Plus and Ultimate plans are prepaid for the term you choose: month-to-month or one to
          six years. Plans do not renew automatically unless you choose automatic renewal when purchasing or in your
          account settings; you can turn it off at any time before the renewal date. A plan applies to one activated
          device, which must be installed and in service in a vehicle with cellular coverage for the plan features to
          work. Plan fees are not refundable after activation, and plans cannot be transferred to another device except
          as allowed on our <a href="/subscriptions">subscriptions page</a>.
        </p>
      </section>

      <section>
        <h2>Vehicle wiring information</h2>
        <p className="content-note">
          Wiring diagrams, wire colors, locations and installation notes are provided as a reference only. Vehicle
          manufacturers change wiring without notice, and trim levels and production dates vary. Installers are solely
          responsible for verifying every connection with a digital multimeter before connecting, and for following the
          installation guide and all applicable safety practices.
        </p>
        <p>
          Northwind is not responsible for damage to vehicles, modules or airbag and other safety systems caused by
          relying on wiring information without verification. Please report errors through the{' '}
          <a href="/contact-us">contact page</a> so we can correct them.
        </p>
      </section>

      <section>
        <h2>Acceptable use</h2>
        <p>You agree not to:</p>
        <ul>
          <li>copy, scrape or resell wiring data, pricing or other portal content;</li>
          <li>activate devices or locate vehicles you are not authorized to control;</li>
          <li>probe, disrupt or attempt to bypass the portal’s security or access controls;</li>
          <li>use the portal or our products to violate any law, including theft-related or privacy laws; or</li>
          <li>upload malicious code or misrepresent your identity or business.</li>
        </ul>
        <p>We may suspend or terminate access that violates these terms.</p>
      </section>

      <section>
        <h2>Intellectual property</h2>
        <p>
          The portal, wiring database, software, firmware, documentation, trademarks and logos are owned by Northwind or
          its licensors and are protected by copyright, trademark and other laws. We grant you a limited, non-exclusive,
          non-transferable license to use the portal for your business’s authorized purposes while your account is in
          good standing.
        </p>
      </section>

      <section>
        <h2>Warranty disclaimer</h2>
        <p>
          The portal and its content are provided “as is” and “as available.” Except for the limited hardware warranty
          described in our <a href="/return-policy">Return Policy</a>, Northwind disclaims all warranties, express or
          implied, including merchantability, fitness for a particular purpose and non-infringement, and does not
          warrant that the portal will be uninterrupted or error-free.
        </p>
      </section>

      <section>
        <h2>Limitation of liability</h2>
        <p>
          To the fullest extent permitted by law, Northwind will not be liable for indirect, incidental, special,
          consequential or punitive damages, or for lost profits, revenue or data. Our total liability for any claim
          arising from the portal is limited to the amount you paid us in the twelve months before the claim arose.
        </p>
      </section>

      <section>
        <h2>Governing law</h2>
        <p>
          These terms are governed by the laws of the State of Idaho, without regard to its conflict-of-law rules.
          Disputes will be resolved in the state or federal courts located in Ada County, Idaho, and you consent to
          their jurisdiction. Canadian customers may also have rights under the laws of their province that cannot be
          waived.
        </p>
      </section>

      <section>
        <h2>Changes to these terms</h2>
        <p>
          We may update these terms. The revised terms take effect when posted with a new “Last updated” date; for
          material changes we will give account holders at least 30 days’ notice in the portal or by e-mail. Continued
          use after the effective date means you accept the changes.
        </p>
      </section>

      <section>
        <h2>Contact</h2>
        <p>
          Questions about these terms? Call (800) 555-0142, Monday through Friday, 7:00 AM to 5:00 PM Mountain Time,
          e-mail <a href="mailto:support@dealerportal.example">support@dealerportal.example</a>, or use our{' '}
          <a href="/contact-us">contact page</a>.
        </p>
      </section>
    </ContentPage>
  );
}
