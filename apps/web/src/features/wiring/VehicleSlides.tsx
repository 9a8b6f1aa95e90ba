import type { SlideProps } from './vehicle-slides/common.ts';
import { VehicleOptions } from './vehicle-slides/VehicleOptions.tsx';
import { InternalCategories } from './vehicle-slides/InternalCategories.tsx';
import { InternalResults } from './vehicle-slides/InternalResults.tsx';
import { ExternalTrims } from './vehicle-slides/ExternalTrims.tsx';
import { ExternalResults } from './vehicle-slides/ExternalResults.tsx';
import { AdsProducts } from './vehicle-slides/AdsProducts.tsx';
import { FeaturesSlide } from './vehicle-slides/FeaturesSlide.tsx';
import { InstructionCategories } from './vehicle-slides/InstructionCategories.tsx';
import { InstructionResults } from './vehicle-slides/InstructionResults.tsx';
import { CompatibleModules } from './vehicle-slides/CompatibleModules.tsx';
import { Accessories } from './vehicle-slides/Accessories.tsx';
import { HarnessSearch } from './vehicle-slides/HarnessSearch.tsx';
import { VehicleGuides } from './vehicle-slides/VehicleGuides.tsx';

/** Every slide under the vehicle one. */
export function VehicleSlides({ address, vehicle }: SlideProps) {
  switch (address.slide) {
    case 'internal-wiring-categories':
      return <InternalCategories address={address} vehicle={vehicle} />;
    case 'internal-wiring-results':
      return <InternalResults address={address} vehicle={vehicle} />;
    case 'ads-wiring-categories':
    case 'automob-wiring-categories':
      return <ExternalTrims address={address} vehicle={vehicle} />;
    case 'ads-wiring-results':
    case 'automob-wiring-results':
      return <ExternalResults address={address} vehicle={vehicle} />;
    case 'ads-product-results':
      return <AdsProducts address={address} vehicle={vehicle} />;
    case 'ads-product':
    case 'product-features':
      return <FeaturesSlide address={address} vehicle={vehicle} />;
    case 'instruction-categories':
      return <InstructionCategories address={address} vehicle={vehicle} />;
    case 'instruction-results':
      return <InstructionResults address={address} vehicle={vehicle} />;
    case 'compatible-modules':
      return <CompatibleModules address={address} vehicle={vehicle} />;
    case 'product-accessory':
      return <Accessories address={address} vehicle={vehicle} />;
    case 't-harness-search':
      return <HarnessSearch address={address} vehicle={vehicle} />;
    case 'installer-guides':
      return <VehicleGuides address={address} vehicle={vehicle} />;
    default:
      return <VehicleOptions address={address} vehicle={vehicle} />;
  }
}
