import { useQuery } from '@tanstack/react-query';
import { countOf } from '@portal/contracts/format';
import { externalWiringQuery } from '../api.ts';
import { slidePath } from '../slides.ts';
import { SlideHeading } from '../SlideFrame.tsx';
import { keyOf, nameOf, type SlideProps } from './common.ts';
import { BackToVehicle, ChoiceList, Loaded } from './parts.tsx';
import { trimLabel } from './trimLabel.ts';

/** The trims of an outside source (iDatawire or 3rd party), and iDatawire's modules by trim. */
export function ExternalTrims({ address, vehicle }: SlideProps) {
  const query = useQuery(externalWiringQuery(keyOf(address)));
  const ads = address.slide === 'ads-wiring-categories';
  const title = ads ? 'iDatawire-style Wiring Diagrams' : '3rd Party Wiring Diagrams';
  return (
    <section>
      <SlideHeading sub={`${nameOf(vehicle)} · choose a trim`}>{title}</SlideHeading>
      <Loaded
        query={query}
        loading="Loading trims…"
        isEmpty={(d) => Object.keys(ads ? d.adsWiring : d.autoMobWiring).length === 0}
        empty={<BackToVehicle address={address} text="No diagrams from this source for this vehicle" />}
      >
        {(data) => (
          <>
            <ChoiceList
              items={Object.entries(ads ? data.adsWiring : data.autoMobWiring).map(([trim, wires]) => ({
                key: trim,
                label: trimLabel(trim, data),
                hint: countOf(wires.length, 'wire'),
                to: slidePath(address, ads ? 'ads-wiring-results' : 'automob-wiring-results', { trim }),
              }))}
            />
            {ads && Object.keys(data.adsProducts).length > 0 && (
              <>
                <h2>Modules by trim</h2>
                <ChoiceList
                  items={Object.entries(data.adsProducts).map(([trim, products]) => ({
                    key: `products-${trim}`,
                    label: `${trimLabel(trim, data)} modules`,
                    hint: countOf(products.length, 'product'),
                    to: slidePath(address, 'ads-product-results', { trim }),
                  }))}
                />
              </>
            )}
          </>
        )}
      </Loaded>
    </section>
  );
}
