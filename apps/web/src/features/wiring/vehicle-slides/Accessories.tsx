import { useQuery } from '@tanstack/react-query';
import { accessoriesQuery, productFeaturesQuery } from '../api.ts';
import { usePriceScope } from '../../catalog/index.ts';
import { SlideHeading } from '../SlideFrame.tsx';
import { nameOf, type SlideProps } from './common.ts';
import { BackToVehicle, ProductResults } from './parts.tsx';

/** The accessories a product needs in this vehicle. */
export function Accessories({ address, vehicle }: SlideProps) {
  const scope = usePriceScope();
  const product = address.product ?? '';
  const query = useQuery({ ...accessoriesQuery(scope, product), enabled: product !== '' });
  // The product's name, not its id (an iDatawire module is addressed by id): the slide before loaded it.
  const features = useQuery({ ...productFeaturesQuery(product), enabled: product !== '' });
  const sub = features.data ? `${features.data.name} · ${nameOf(vehicle)}` : nameOf(vehicle);
  return (
    <section>
      <SlideHeading sub={sub}>Accessories</SlideHeading>
      <ProductResults
        query={query}
        label="Accessories"
        count={product ? 4 : 0}
        empty={<BackToVehicle address={address} text="No accessories are needed" />}
      />
    </section>
  );
}
