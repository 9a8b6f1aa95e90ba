import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { messages } from '@portal/contracts/messages';
import { usePageTitle } from '../../lib/pageTitle.ts';
import { alertLinesFor } from '../../lib/errors.ts';
import { ApiError } from '../../lib/api.ts';
import { backHandlerStore } from '../../lib/backTarget.ts';
import { isVehicleWithoutData } from '@portal/contracts/vehicle-rules';
import type { VehicleInfo } from '@portal/contracts/vehicles';
import { vehicleInfoQuery } from './api.ts';
import { parseVehicleValue } from './recentVehicles.ts';
import { parentSlide, parseWiringParams, slidePath, slideTrail, type Slide, type WiringAddress } from './slides.ts';
import { SlideEmpty, SlideFrame, SlideLoading, SlideTrail } from './SlideFrame.tsx';
import { VehicleSearchForm } from './VehicleSearchForm.tsx';
import { VehicleSlides } from './VehicleSlides.tsx';
import { VehicleOptions } from './vehicle-slides/VehicleOptions.tsx';
import { FolderBrowser } from './FolderBrowser.tsx';
import './wiring.css';

const ROUTE_TITLE = 'Wiring';

/** What the trail calls each slide (the option labels of spec 01 §2.6 where a slide is one). */
export const SLIDE_LABELS: Record<Slide, string> = {
  search: 'Vehicle Search',
  vehicle: 'Vehicle',
  'internal-wiring-categories': 'Firstech-style Wiring Diagrams',
  'ads-wiring-categories': 'iDatawire-style Wiring Diagrams',
  'automob-wiring-categories': '3rd Party Wiring Diagrams',
  'instruction-categories': 'Install Instructions',
  'internal-wiring-results': 'Wiring',
  'ads-wiring-results': 'Wiring',
  'automob-wiring-results': 'Wiring',
  'instruction-results': 'Instructions',
  'ads-product-results': 'Products',
  'ads-product': 'Product',
  'compatible-modules': 'Compatible Modules',
  'product-features': 'Product Features',
  'product-accessory': 'Accessories',
  't-harness-search': 'T-harnesses',
  'installer-guides': 'Installer Guides',
  folders: 'Folders',
};

/** /wiring (spec 01 §2.6): the slides, chosen by the address's `vehicle` and `slide`. */
export default function WiringPage() {
  const [params] = useSearchParams();
  const address = parseWiringParams(params);
  const navigate = useNavigate();
  const key = address.vehicle ? parseVehicleValue(address.vehicle) : null;
  const vehicle = useQuery({
    ...vehicleInfoQuery(key && !('error' in key) ? key : { year: '', makeId: '', modelId: '' }),
    enabled: !!key && !('error' in key),
  });
  const vehicleName = vehicle.data ? `${vehicle.data.year} ${vehicle.data.make.name} ${vehicle.data.model.name}` : null;
  usePageTitle(vehicleName, ROUTE_TITLE);

  // spec 01 §2.4: in the wiring area the back button steps back through the trail.
  const parent = address.slide === 'folders' && address.folder ? 'folders' : parentSlide(address.slide, address);
  const parentPath = parent ? slidePath(address, parent) : null;
  useEffect(() => {
    if (!parentPath) return;
    // The store reads a function as an updater: hand it one that returns the handler.
    backHandlerStore.set(() => () => void navigate(parentPath));
    return () => backHandlerStore.set(null);
  }, [parentPath, navigate]);

  // The one trail of the wiring area (the layout shows no breadcrumbs of its own here).
  const steps = [
    { label: 'Home', to: '/' },
    ...slideTrail(address.slide, address).map((slide) => ({
      label: slide === 'vehicle' && vehicleName ? vehicleName : SLIDE_LABELS[slide],
      to: slidePath(address, slide),
    })),
  ];

  return (
    <div className="page wiring-page">
      <SlideTrail steps={steps} />
      <SlideFrame>
        <SlideBody address={address} vehicleKeyError={key && 'error' in key ? key.error : null} vehicle={vehicle} />
      </SlideFrame>
    </div>
  );
}

interface SlideBodyProps {
  address: WiringAddress;
  vehicleKeyError: string | null;
  vehicle: { data?: VehicleInfo; error: Error | null; isPending: boolean; refetch: () => unknown };
}

function SlideBody({ address, vehicleKeyError, vehicle }: SlideBodyProps) {
  if (address.slide === 'search')
    return (
      <div className="wiring-search">
        <VehicleSearchForm />
        <p className="wiring-search-more">
          Looking for something that is not tied to one vehicle?{' '}
          <Link to={slidePath(address, 'folders')}>Browse the document folders</Link>.
        </p>
      </div>
    );
  if (address.slide === 'folders') return <FolderBrowser slug={address.folder} />;
  if (vehicleKeyError) return <VehicleProblem text={vehicleKeyError} />;
  if (vehicle.error) {
    const notFound = vehicle.error instanceof ApiError && vehicle.error.status === 404;
    return <VehicleProblem text={notFound ? messages.noVehicleData : alertLinesFor(vehicle.error).join(' ')} />;
  }
  if (!vehicle.data) return <SlideLoading label="Loading the vehicle…" />;
  if (isVehicleWithoutData(vehicle.data)) return <VehicleProblem text={messages.noVehicleData} />;
  if (address.slide === 'vehicle') return <VehicleOptions address={address} vehicle={vehicle.data} />;
  return <VehicleSlides address={address} vehicle={vehicle.data} />;
}

function VehicleProblem({ text }: { text: string }) {
  return (
    <SlideEmpty title="This vehicle could not be shown">
      <p>{text}</p>
      <p>
        <Link to="/wiring">Search for another vehicle</Link>
      </p>
    </SlideEmpty>
  );
}
