import { messages } from '@portal/contracts/messages';
import { slidePath } from '../slides.ts';
import { SlideHeading } from '../SlideFrame.tsx';
import { nameOf, type SlideProps } from './common.ts';
import { BackToVehicle, ChoiceList, VehicleProducts } from './parts.tsx';

/** The remote starters and bypass modules that fit the vehicle, with their features. */
export function CompatibleModules({ address, vehicle }: SlideProps) {
  return (
    <section>
      <SlideHeading sub={nameOf(vehicle)}>Compatible Modules</SlideHeading>
      <VehicleProducts
        skus={vehicle.productSkus}
        label="Compatible modules"
        empty={<BackToVehicle address={address} text={messages.notFound} />}
      />
      {vehicle.productSkus.length > 0 && (
        <>
          <h2>Features and accessories</h2>
          <ChoiceList
            items={vehicle.productSkus.map((sku) => ({
              key: sku,
              label: `${sku} features`,
              to: slidePath(address, 'product-features', { product: sku }),
            }))}
          />
        </>
      )}
    </section>
  );
}
