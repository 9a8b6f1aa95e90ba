import { ContentPage } from './ContentPage.tsx';
import { FacilityGallery } from './FacilityGallery.tsx';

export default function CompanyInfoPage() {
  return (
    <ContentPage title="Company Information" updated="2026-11-01">
      <section>
        <h2>Who we are</h2>
        <p>
          Northwind Vehicle Systems, Inc. was founded in 2004 in Boise, Idaho, by a group of mobile electronics
          installers who wanted remote starters that were easier to install and more reliable in extreme weather. Today
          we design remote-start systems, vehicle security systems, bypass and interface modules, and connected-car
          telematics that let drivers start, lock and locate their vehicles from a smartphone.
        </p>
        <p>
          Our products are sold exclusively through authorized dealers and installed by trained professionals across the
          United States and Canada. We support them with engineering, vehicle research, technical support and training
          from our Boise headquarters.
        </p>
      </section>

      <section>
        <h2>What the Dealer Portal offers</h2>
        <ul>
          <li>
            A storefront with your business’s account pricing, real-time stock levels, order history, and order
            tracking.
          </li>
          <li>
            A vehicle wiring reference with wire colors, locations and installation notes by year, make and model, plus
            recommended bypass modules and T-harnesses.
          </li>
          <li>Device activation and management for remote-start and telematics modules.</li>
          <li>
            Prepaid <a href="/subscriptions">subscription plans</a> (Basic, Premium, Premium Plus and Ultimate) from
            month-to-month up to six years.
          </li>
          <li>Billing tools for viewing invoices, credit memos and statements and paying online.</li>
        </ul>
      </section>

      <section>
        <h2>Headquarters</h2>
        <address>
          Northwind Vehicle Systems, Inc.
          <br />
          4100 Commerce Park Drive, Suite 200
          <br />
          Boise, ID 83705
          <br />
          United States
        </address>
        <FacilityGallery />
      </section>

      <section>
        <h2>Support hours and contacts</h2>
        <p>
          Our dealer and technical support team is available Monday through Friday, 7:00 AM to 5:00 PM Mountain Time.
        </p>
        <ul>
          <li>
            Phone: <a href="tel:+18005550142">(800) 555-0142</a>
          </li>
          <li>
            E-mail: <a href="mailto:support@dealerportal.example">support@dealerportal.example</a>
          </li>
          <li>
            Online: use our <a href="/contact-us">contact page</a> for orders, returns, billing and technical questions.
          </li>
        </ul>
        <p>
          For order and delivery questions, see our <a href="/shipping">Shipping Policy</a> and{' '}
          <a href="/return-policy">Return Policy</a>.
        </p>
      </section>

      <section>
        <h2>Sales representatives</h2>
        <p>
          Every dealer account is served by a Northwind sales team. Inside sales representatives, based in Boise, help
          with quotes, orders, product selection and account questions by phone and e-mail. Outside sales
          representatives visit dealers in their territory to set up new stores, bring product training on site and help
          plan promotions. Both can place orders on your behalf in the portal.
        </p>
        <p>
          Interested in selling and installing Northwind products? Submit a <a href="/dealer-request">dealer request</a>{' '}
          and a sales representative for your area will contact you, usually within two business days.
        </p>
      </section>

      <section>
        <h2>Canadian site</h2>
        <p>
          Dealers and installers in Canada are served through our Canadian site, with Canadian-dollar pricing, Canadian
          shipping and bilingual product documentation. Your account is assigned to the U.S. or Canadian site based on
          your business address; contact us if you operate in both countries.
        </p>
      </section>

      <section>
        <h2>Installer training and community</h2>
        <p>
          We offer free online courses and in-person training sessions on remote-start installation, data-bus
          integration, security system programming and telematics activation. Our{' '}
          <a href="/installer-guides">installer guides</a> include step-by-step instructions, programming charts and
          vehicle-specific tips contributed by our technicians and verified by our engineering team.
        </p>
        <p className="content-note">
          Have a wiring tip or found a difference on a new model year? Share it with our technical support team. Each
          verified submission helps thousands of installers complete cleaner, safer installations.
        </p>
      </section>

      <section>
        <h2>Legal</h2>
        <p>
          Use of the Dealer Portal is subject to our <a href="/terms">Terms of Use</a> and{' '}
          <a href="/privacy-policy">Privacy Policy</a>.
        </p>
      </section>
    </ContentPage>
  );
}
