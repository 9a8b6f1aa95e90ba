import { Link } from 'react-router';
import { can } from '@portal/contracts/permissions';
import { useSession } from '../session/index.ts';

// Kept here, not beside the contracts' Zod schemas: the search page loads no schema for a hint.
/** A serial as an installer reads it off the unit (DEMO-DATA: 11 digits). */
export const looksLikeSerial = (text: string) => /^\d{11}$/.test(text.trim());
/** A VIN: 17 letters and digits without I, O or Q. */
export const looksLikeVin = (text: string) => /^[A-HJ-NPR-Z0-9]{17}$/i.test(text.trim());

/** Whether the session may see the business's devices (contracts' `devices`, as the server asks). */
function useMaySeeDevices() {
  const { data: session } = useSession();
  const user = session?.user ?? null;
  return !!user && can({ user, hasSelectedBusiness: (session?.selectedBusiness ?? null) !== null }, 'devices');
}

/**
 * On /search (issue 29 §5): a term that reads as a serial (11 digits) or a VIN (17 characters) is likely a
 * device, not a product: offer the device list, searched for it.
 */
export function DeviceSearchHint({ term }: { term: string }) {
  const may = useMaySeeDevices();
  const text = term.trim().toUpperCase();
  if (!may || !(looksLikeSerial(text) || looksLikeVin(text))) return null;
  return (
    <p className="search-device-hint">
      Looking for a device?{' '}
      <Link to={`/devices?q=${encodeURIComponent(text)}`}>
        Find {looksLikeSerial(text) ? `serial ${text}` : `VIN ${text}`} among your devices
      </Link>
    </p>
  );
}

/** On /my-business (issue 29 §5): the way to the devices installed for the business and their histories. */
export function DevicesCard() {
  const may = useMaySeeDevices();
  if (!may) return null;
  return (
    <section className="card" aria-labelledby="devices-card-heading">
      <h2 id="devices-card-heading">Devices</h2>
      <p>Every device installed for the business, by serial or VIN, with its history for warranty claims.</p>
      <p>
        <Link to="/devices">See the devices</Link>
      </p>
    </section>
  );
}
