import { useQuery } from '@tanstack/react-query';
import { messages } from '@portal/contracts/messages';
import { externalWiringQuery } from '../api.ts';
import { slidePath } from '../slides.ts';
import { SlideHeading } from '../SlideFrame.tsx';
import { keyOf, nameOf, type SlideProps } from './common.ts';
import { BackToVehicle, ChoiceList, Loaded } from './parts.tsx';
import { trimLabel } from './trimLabel.ts';

/** iDatawire's modules for one trim. */
export function AdsProducts({ address, vehicle }: SlideProps) {
  const query = useQuery(externalWiringQuery(keyOf(address)));
  const trim = address.trim ?? '';
  return (
    <section>
      <SlideHeading sub={nameOf(vehicle)}>{`${trimLabel(trim, query.data)} modules`}</SlideHeading>
      <Loaded
        query={query}
        loading="Loading modules…"
        isEmpty={(d) => !d.adsProducts[trim]?.length}
        empty={<BackToVehicle address={address} text={messages.notFound} />}
      >
        {(data) => (
          <ChoiceList
            items={data.adsProducts[trim]!.map((p) => ({
              key: p.id,
              label: p.name,
              to: slidePath(address, 'ads-product', { product: p.id }),
            }))}
          />
        )}
      </Loaded>
    </section>
  );
}
