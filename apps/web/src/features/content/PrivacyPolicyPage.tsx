import { ContentPage } from './ContentPage.tsx';

export default function PrivacyPolicyPage() {
  return (
    <ContentPage title="Privacy Policy" updated="2026-11-01">
      <p>
        This Privacy Policy explains how Northwind Vehicle Systems, Inc. (“Northwind,” “we,” “us”) collects, uses,
        shares and protects personal information through the Dealer Portal, our U.S. and Canadian websites, and the
        remote-start, security and telematics devices activated through them. It applies to dealers, installers, sales
        representatives, administrators and consumers who use our services.
      </p>

      <section>
        <h2>Information we collect</h2>
        <h3>Account information</h3>
        <p>
          When you register or are invited to the portal we collect your name, business e-mail address, phone number,
          job role (for example installer, dealer owner or accountant), login credentials and multi-factor
          authentication settings. Passwords are stored only as salted hashes.
        </p>
        <h3>Business partner information</h3>
        <p>
          For dealer accounts we collect the business name, billing and shipping addresses, tax or resale certificate
          numbers, credit application details, assigned sales representative, order history, invoices and payment
          history.
        </p>
        <h3>Vehicle lookups</h3>
        <p>
          When you search the vehicle wiring reference we record the year, make, model, trim and, where you enter one,
          the Vehicle Identification Number (VIN). We use lookup history to improve our wiring data and to show you
          recent searches.
        </p>
        <h3>Device and telemetry data</h3>
        <p>
          When a device is activated we collect its serial number, firmware version, the vehicle it is installed in, the
          installing dealer and the subscription plan. For activated telematics plans the device reports GPS location,
          ignition and door status, battery voltage, alarm events and command history (such as remote start or lock
          requests). Location data is collected only while a plan that requires it is active.
        </p>
        <h3>Payment information</h3>
        <p>
          Card and bank payments are processed by our third-party payment processor. We receive a token, the card brand,
          the last four digits and the expiration date; we do not store full card numbers or security codes.
        </p>
        <h3>Cookies and local storage</h3>
        <ul>
          <li>
            A strictly necessary session cookie keeps you signed in and protects forms against cross-site request
            forgery. It expires when you sign out or after a period of inactivity.
          </li>
          <li>
            Your browser’s local storage keeps your recent vehicle searches and display preferences (such as site region
            and list layout) on your own device. You can clear it at any time in your browser settings.
          </li>
        </ul>
        <p>We do not use third-party advertising cookies on the Dealer Portal.</p>
      </section>

      <section>
        <h2>How we use information</h2>
        <ul>
          <li>To create and manage accounts, verify identity and secure access.</li>
          <li>To process orders, apply account pricing, issue invoices and collect payment.</li>
          <li>To activate devices, deliver subscription features and provide customer and technical support.</li>
          <li>To maintain and improve the accuracy of our vehicle wiring reference.</li>
          <li>To send service notices such as order confirmations, shipping updates and plan expiration reminders.</li>
          <li>To detect fraud, misuse and security incidents, and to comply with legal obligations.</li>
        </ul>
      </section>

      <section>
        <h2>How we share information</h2>
        <p>We do not sell personal information. We share it only as described below:</p>
        <ul>
          <li>
            Service providers that host our systems, process payments, deliver e-mail and ship orders, under contracts
            that limit their use of the data to providing services to us.
          </li>
          <li>
            The installing dealer of a device, who can see the device’s activation status, plan and vehicle so they can
            support their customer. Dealers do not see a consumer’s live location history.
          </li>
          <li>
            Your own business: dealer owners and accountants can see orders, invoices and activity of users associated
            with their business account.
          </li>
          <li>
            Authorities, when required by law, subpoena or court order, or to protect the safety of any person,
            including in a stolen-vehicle recovery you request.
          </li>
          <li>A successor entity in connection with a merger, acquisition or sale of assets.</li>
        </ul>
      </section>

      <section>
        <h2>Retention</h2>
        <p>
          We keep account and business records for as long as the account is active and for seven years afterward to
          meet tax and accounting requirements. Device location history is kept for 90 days and then deleted or
          aggregated so it no longer identifies a vehicle. Vehicle lookup logs are kept for 24 months.
        </p>
      </section>

      <section>
        <h2>Security</h2>
        <p>
          We use encryption in transit (TLS) and at rest, multi-factor authentication, role-based access controls and
          logging to protect information. No system is perfectly secure; please protect your credentials and tell us
          immediately at <a href="mailto:support@dealerportal.example">support@dealerportal.example</a> if you suspect
          unauthorized access.
        </p>
      </section>

      <section>
        <h2>Your rights and choices</h2>
        <p>
          You can review and update most account information on your profile page. You may also ask us to access,
          correct or delete your personal information, or to stop location collection by cancelling a plan.
        </p>
        <h3>California residents</h3>
        <p>
          Under the California Consumer Privacy Act (CCPA), as amended, you have the right to know what personal
          information we collect and how it is used, to request deletion or correction, to opt out of sale or sharing
          (we do neither), to limit use of sensitive information such as precise geolocation, and not to be
          discriminated against for exercising these rights. You may use an authorized agent.
        </p>
        <h3>Canadian residents</h3>
        <p>
          Under the Personal Information Protection and Electronic Documents Act (PIPEDA) and applicable provincial
          laws, you may access and correct your personal information and withdraw consent, subject to legal or
          contractual restrictions. You may also contact the Office of the Privacy Commissioner of Canada.
        </p>
        <p>We respond to verified requests within 30 days (45 days under the CCPA where permitted).</p>
      </section>

      <section>
        <h2>Children</h2>
        <p>
          The Dealer Portal is intended for businesses and adults. We do not knowingly collect personal information from
          children under 16. If you believe a child has provided us information, contact us and we will delete it.
        </p>
      </section>

      <section>
        <h2>Contact us</h2>
        <address>
          Privacy Office, Northwind Vehicle Systems, Inc.
          <br />
          4100 Commerce Park Drive, Suite 200
          <br />
          Boise, ID 83705
          <br />
          Phone: <a href="tel:+18005550142">(800) 555-0142</a>
          <br />
          E-mail: <a href="mailto:support@dealerportal.example">support@dealerportal.example</a>
        </address>
        <p>
          You can also reach us through our <a href="/contact-us">contact form</a>.
        </p>
      </section>

      <section>
        <h2>Changes to this policy</h2>
        <p>
          We may update this policy from time to time. We will post the revised version with a new “Last updated” date
          and, for material changes, notify account holders by e-mail or a notice in the portal before the change takes
          effect.
        </p>
      </section>
    </ContentPage>
  );
}
