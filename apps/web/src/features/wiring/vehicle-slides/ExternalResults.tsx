import { useQuery } from '@tanstack/react-query';
import { messages } from '@portal/contracts/messages';
import { externalWiringQuery } from '../api.ts';
import { SlideHeading } from '../SlideFrame.tsx';
import { WireTable } from '../WireTable.tsx';
import { keyOf, nameOf, type SlideProps } from './common.ts';
import { BackToVehicle, Loaded, PrintLink } from './parts.tsx';
import { trimLabel } from './trimLabel.ts';

/** An outside source's wiring of one trim. */
export function ExternalResults({ address, vehicle }: SlideProps) {
  const query = useQuery(externalWiringQuery(keyOf(address)));
  const ads = address.slide === 'ads-wiring-results';
  const trim = address.trim ?? '';
  const label = trimLabel(trim, query.data);
  return (
    <section>
      <SlideHeading sub={nameOf(vehicle)}>{label || 'Wiring'}</SlideHeading>
      <Loaded
        query={query}
        loading="Loading the wiring…"
        isEmpty={(d) => !(ads ? d.adsWiring : d.autoMobWiring)[trim]?.length}
        empty={<BackToVehicle address={address} text={messages.noVehicleData} />}
      >
        {(data) => (
          <>
            <PrintLink address={address} />
            <WireTable
              wires={(ads ? data.adsWiring : data.autoMobWiring)[trim]!}
              caption={`${label} wiring, ${nameOf(vehicle)}`}
            />
          </>
        )}
      </Loaded>
    </section>
  );
}
