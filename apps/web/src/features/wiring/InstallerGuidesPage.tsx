import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { usePageTitle } from '../../lib/pageTitle.ts';
import { alertLinesFor } from '../../lib/errors.ts';
import { guidesQuery, vehicleInfoQuery } from './api.ts';
import { PrintableList } from './PrintableList.tsx';
import { parseVehicleValue, useRecentVehicles } from './recentVehicles.ts';
import { wiringPath } from './slides.ts';
import './wiring.css';

const ROUTE_TITLE = 'Installer Guides';

/** /installer-guides (spec 01 §2.6): a vehicle's guides as printable items (print selected, print all). */
export default function InstallerGuidesPage() {
  const [params] = useSearchParams();
  const value = params.get('vehicle');
  const key = value ? parseVehicleValue(value) : null;
  const valid = !!key && !('error' in key);
  const vehicle = useQuery({
    ...vehicleInfoQuery(valid ? key : { year: '', makeId: '', modelId: '' }),
    enabled: valid,
  });
  const guides = useQuery({ ...guidesQuery(vehicle.data ? [vehicle.data.id] : []), enabled: !!vehicle.data });
  const name = vehicle.data ? `${vehicle.data.year} ${vehicle.data.make.name} ${vehicle.data.model.name}` : null;
  usePageTitle(name ? `${ROUTE_TITLE}: ${name}` : null, ROUTE_TITLE);

  return (
    <div className="page wiring-page">
      <h1>{name ? `${ROUTE_TITLE}: ${name}` : ROUTE_TITLE}</h1>
      {!key ? (
        <ChooseVehicle />
      ) : 'error' in key ? (
        <div className="empty-state">
          <p>{key.error}</p>
          <ChooseVehicle />
        </div>
      ) : vehicle.isPending || (guides.isPending && !vehicle.isError) ? (
        <p role="status">Loading guides…</p>
      ) : vehicle.error || guides.error ? (
        <div className="empty-state" role="alert">
          <p>{alertLinesFor(vehicle.error ?? guides.error).join(' ')}</p>
          <Link to="/wiring">Search for another vehicle</Link>
        </div>
      ) : !guides.data?.length ? (
        <div className="empty-state">
          <h2>No installer guides for this vehicle</h2>
          <p>
            Its <Link to={wiringPath({ slide: 'vehicle', vehicle: value })}>wiring and install instructions</Link> may
            have what you need.
          </p>
        </div>
      ) : (
        <PrintableList
          items={guides.data.map((g) => ({
            id: g.id,
            title: g.title,
            body: (
              <>
                <p>{g.summary}</p>
                <ol className="instruction-list">
                  {g.steps.map((step, i) => (
                    <li key={i}>{step}</li>
                  ))}
                </ol>
                {g.url && (
                  <p className="no-print">
                    <a href={g.url} target="_blank" rel="noreferrer">
                      Open the guide
                      <span className="visually-hidden"> {g.title} (opens in a new tab)</span>
                    </a>
                  </p>
                )}
              </>
            ),
          }))}
        />
      )}
    </div>
  );
}

function ChooseVehicle() {
  const recents = useRecentVehicles();
  return (
    <div>
      <p>
        Guides are kept by vehicle. <Link to="/wiring">Find your vehicle</Link> and choose Installer Guides, or pick one
        you searched for recently:
      </p>
      {recents.length > 0 && (
        <ul className="option-list" aria-label="Recent vehicles">
          {recents.map((r) => (
            <li key={r.value}>
              <Link className="option-link" to={`/installer-guides?vehicle=${r.value}`}>
                <span className="option-label">{r.name}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
