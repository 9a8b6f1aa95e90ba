import { lazy, Suspense, useState } from 'react';
import { Dropdown } from '../components/Dropdown.tsx';
import { CarIcon } from '../components/icons.tsx';

// The form and its cascade load only when someone reaches for the menu: first-load JS stays small.
const VehicleSearchForm = lazy(() =>
  import('../features/wiring/VehicleSearchForm.tsx').then((m) => ({
    default: () => <m.VehicleSearchForm compact />,
  })),
);

/** spec 01 §2.4: the vehicle search menu of the top bar (large screens), holding the compact form. */
export function VehicleSearchMenu() {
  const [wanted, setWanted] = useState(false);
  const want = () => setWanted(true);
  return (
    <div className="vehicle-menu-wrap" onPointerEnter={want} onFocusCapture={want} onClickCapture={want}>
      <Dropdown
        align="end"
        className="vehicle-menu top-bar-link"
        label={
          <>
            <CarIcon />
            <span>Vehicle Search</span>
          </>
        }
      >
        {wanted && (
          <Suspense fallback={<p className="dropdown-note">Loading…</p>}>
            <VehicleSearchForm />
          </Suspense>
        )}
      </Dropdown>
    </div>
  );
}
