import { slidePath } from '../slides.ts';
import { SlideHeading } from '../SlideFrame.tsx';
import { nameOf, type SlideProps } from './common.ts';
import { BackToVehicle, ChoiceList } from './parts.tsx';

/** The vehicle's install instructions, by category. */
export function InstructionCategories({ address, vehicle }: SlideProps) {
  return (
    <section>
      <SlideHeading sub={nameOf(vehicle)}>Install Instructions</SlideHeading>
      {vehicle.instruction_categories.length ? (
        <ChoiceList
          items={vehicle.instruction_categories.map((c) => ({
            key: c.id,
            label: c.title,
            to: slidePath(address, 'instruction-results', { category: c.id }),
          }))}
        />
      ) : (
        <BackToVehicle address={address} text="No install instructions for this vehicle yet" />
      )}
    </section>
  );
}
