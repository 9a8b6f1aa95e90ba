import { slidePath } from '../slides.ts';
import { SlideHeading } from '../SlideFrame.tsx';
import { nameOf, type SlideProps } from './common.ts';
import { BackToVehicle, ChoiceList } from './parts.tsx';

/** Our own wiring sheets of the vehicle, one per system. */
export function InternalCategories({ address, vehicle }: SlideProps) {
  return (
    <section>
      <SlideHeading sub={nameOf(vehicle)}>Firstech-style Wiring Diagrams</SlideHeading>
      {vehicle.wiring_categories.length ? (
        <ChoiceList
          items={vehicle.wiring_categories.map((c) => ({
            key: c.id,
            label: c.title,
            hint: `${c.wires.length} wires`,
            to: slidePath(address, 'internal-wiring-results', { category: c.id }),
          }))}
        />
      ) : (
        <BackToVehicle address={address} text="No wiring diagrams for this vehicle yet" />
      )}
    </section>
  );
}
