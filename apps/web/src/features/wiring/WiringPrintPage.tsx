import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { messages } from '@portal/contracts/messages';
import { usePageTitle } from '../../lib/pageTitle.ts';
import { alertLinesFor } from '../../lib/errors.ts';
import type { Wire } from '@portal/contracts';
import { externalWiringQuery, internalWiringQuery, vehicleInfoQuery } from './api.ts';
import { PrintableList, type PrintableItem } from './PrintableList.tsx';
import { parseVehicleValue } from './recentVehicles.ts';
import { parseWiringParams, slidePath } from './slides.ts';
import { WireTable } from './WireTable.tsx';
import './wiring.css';

/**
 * /wiring/print (spec 01 §2.6): the vehicle's wiring sheets as printable items, the one the
 * user came from ticked. The blank layout: nothing but the sheets on paper.
 */
export default function WiringPrintPage() {
  const [params] = useSearchParams();
  const address = parseWiringParams(params);
  const key = parseVehicleValue(address.vehicle);
  const valid = !('error' in key);
  const safeKey = valid ? key : { year: '', makeId: '', modelId: '' };
  const vehicle = useQuery({ ...vehicleInfoQuery(safeKey), enabled: valid });
  const internal = useQuery({ ...internalWiringQuery(safeKey), enabled: valid });
  const external = useQuery({ ...externalWiringQuery(safeKey), enabled: valid });
  const name = vehicle.data ? `${vehicle.data.year} ${vehicle.data.make.name} ${vehicle.data.model.name}` : null;
  usePageTitle(name ? `Print Wiring: ${name}` : null, 'Print Wiring');

  if (!valid)
    return (
      <div className="print-page">
        <h1>Print Wiring</h1>
        <p>{key.error}</p>
        <Link to="/wiring">Find a vehicle to print its wiring</Link>
      </div>
    );

  const sheets: { id: string; title: string; wires: Wire[] }[] = [
    ...(internal.data?.results ?? []).map((c) => ({ id: `internal-${c.id}`, title: c.title, wires: c.wires })),
    ...Object.entries(external.data?.adsWiring ?? {}).map(([trim, wires]) => ({
      id: `ads-${trim}`,
      title: `${trim} (iDatawire-style)`,
      wires,
    })),
    ...Object.entries(external.data?.autoMobWiring ?? {}).map(([trim, wires]) => ({
      id: `automob-${trim}`,
      title: `${trim} (3rd party)`,
      wires,
    })),
  ];
  const items: PrintableItem[] = sheets
    .filter((sheet) => sheet.wires.length > 0)
    .map((sheet) => ({
      id: sheet.id,
      title: sheet.title,
      body: <WireTable wires={sheet.wires} caption={`${sheet.title} wiring, ${name ?? ''}`} />,
    }));
  const chosen =
    address.slide === 'internal-wiring-results' && address.category
      ? [`internal-${address.category}`]
      : address.slide === 'ads-wiring-results' && address.trim
        ? [`ads-${address.trim}`]
        : address.slide === 'automob-wiring-results' && address.trim
          ? [`automob-${address.trim}`]
          : [];
  const loading = vehicle.isPending || internal.isPending || external.isPending;
  const error = vehicle.error ?? internal.error ?? external.error;

  return (
    <div className="print-page">
      <p className="no-print">
        <Link to={slidePath(address, address.slide === 'search' ? 'vehicle' : address.slide)}>
          ‹ Back to the wiring
        </Link>
      </p>
      <h1>{name ? `${name} wiring` : 'Print Wiring'}</h1>
      {loading ? (
        <p role="status">Loading the wiring sheets…</p>
      ) : error ? (
        <p role="alert">{alertLinesFor(error).join(' ')}</p>
      ) : items.length === 0 ? (
        <div className="empty-state">
          <p>{messages.noVehicleData}</p>
          <Link to="/wiring">Search for another vehicle</Link>
        </div>
      ) : (
        <PrintableList key={chosen.join()} items={items} initiallySelected={chosen} />
      )}
    </div>
  );
}
