import { Link } from 'react-router';
import { SlideHeading } from '../SlideFrame.tsx';
import { nameOf, type SlideProps } from './common.ts';
import { BackToVehicle } from './parts.tsx';

/** The installer guides written for the vehicle, and where to read and print them. */
export function VehicleGuides({ address, vehicle }: SlideProps) {
  return (
    <section>
      <SlideHeading sub={nameOf(vehicle)}>Installer Guides</SlideHeading>
      {vehicle.guides.length ? (
        <>
          <ul className="option-list">
            {vehicle.guides.map((g) => (
              <li key={g.id} className="harness">
                <p className="option-label">{g.title}</p>
                <p className="option-hint">{g.summary}</p>
              </li>
            ))}
          </ul>
          <Link className="button button-secondary" to={`/installer-guides?vehicle=${address.vehicle ?? ''}`}>
            Read and print the guides
          </Link>
        </>
      ) : (
        <BackToVehicle address={address} text="No installer guides for this vehicle" />
      )}
    </section>
  );
}
