import { useQuery } from '@tanstack/react-query';
import { messages } from '@portal/contracts/messages';
import { wiringByCategoryQuery } from '../api.ts';
import { SlideHeading } from '../SlideFrame.tsx';
import { WireTable } from '../WireTable.tsx';
import { nameOf, type SlideProps } from './common.ts';
import { BackToVehicle, Loaded, PrintLink } from './parts.tsx';

/** One of our wiring sheets. */
export function InternalResults({ address, vehicle }: SlideProps) {
  const category = address.category ?? '';
  // The vehicle's answer already holds every category: it shows at once, the call refreshes it.
  const query = useQuery({
    ...wiringByCategoryQuery(vehicle.id, category),
    placeholderData: vehicle.wiring_categories.find((c) => c.id === category),
    enabled: category !== '',
  });
  return (
    <section>
      <SlideHeading sub={nameOf(vehicle)}>{query.data?.title ?? 'Wiring'}</SlideHeading>
      <Loaded
        query={query}
        loading="Loading the wiring…"
        isEmpty={(d) => d.wires.length === 0}
        empty={<BackToVehicle address={address} text={messages.noVehicleData} />}
      >
        {(data) => (
          <>
            <PrintLink address={address} />
            <WireTable wires={data.wires} caption={`${data.title} wiring, ${nameOf(vehicle)}`} />
          </>
        )}
      </Loaded>
    </section>
  );
}
