import { useQuery } from '@tanstack/react-query';
import { messages } from '@portal/contracts/messages';
import type { InstructionCategory } from '@portal/contracts';
import { LazyImage } from '../../../components/LazyImage.tsx';
import { instructionsByCategoryQuery } from '../api.ts';
import { SlideHeading } from '../SlideFrame.tsx';
import { nameOf, type SlideProps } from './common.ts';
import { BackToVehicle, Loaded } from './parts.tsx';

/** The steps of one instruction category. */
export function InstructionResults({ address, vehicle }: SlideProps) {
  const category = address.category ?? '';
  const query = useQuery({
    ...instructionsByCategoryQuery(vehicle.id, category),
    placeholderData: vehicle.instruction_categories.find((c) => c.id === category),
    enabled: category !== '',
  });
  return (
    <section>
      <SlideHeading sub={nameOf(vehicle)}>{query.data?.title ?? 'Install Instructions'}</SlideHeading>
      <Loaded
        query={query}
        loading="Loading the instructions…"
        isEmpty={(d) => d.instructions.length === 0}
        empty={<BackToVehicle address={address} text={messages.noVehicleData} />}
      >
        {(data) => <InstructionSteps steps={data.instructions} />}
      </Loaded>
    </section>
  );
}

function InstructionSteps({ steps }: { steps: InstructionCategory['instructions'] }) {
  return (
    <ol className="instruction-list">
      {steps.map((step) => (
        <li key={step.step}>
          {step.text}
          {step.image && <LazyImage src={step.image} alt="" width={480} height={300} />}
        </li>
      ))}
    </ol>
  );
}
