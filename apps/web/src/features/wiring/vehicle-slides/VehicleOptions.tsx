import { Link } from 'react-router';
import { LazyImage } from '../../../components/LazyImage.tsx';
import { slidePath, type Slide } from '../slides.ts';
import { DocumentList, SlideHeading } from '../SlideFrame.tsx';
import { nameOf, type SlideProps } from './common.ts';
import { SaveForOffline } from './SaveForOffline.tsx';

/** The vehicle options of spec 01 §2.6; the labels are the screen's contract. */
const OPTIONS: { slide: Slide; label: string; hint: string }[] = [
  { slide: 'internal-wiring-categories', label: 'Firstech-style Wiring Diagrams', hint: 'Our wiring sheets by system' },
  { slide: 'ads-wiring-categories', label: 'iDatawire-style Wiring Diagrams', hint: 'Wiring and modules by trim' },
  { slide: 'automob-wiring-categories', label: '3rd Party Wiring Diagrams', hint: 'Other sources, by trim' },
  { slide: 'instruction-categories', label: 'Install Instructions', hint: 'Step by step' },
  { slide: 'compatible-modules', label: 'Compatible Modules', hint: 'Remote starters and bypass modules' },
  { slide: 't-harness-search', label: 'T-harnesses', hint: 'Plug-in harnesses for this vehicle' },
  { slide: 'installer-guides', label: 'Installer Guides', hint: 'Printable guides' },
];

/** The vehicle slide: what the portal knows about it, and where to go next. */
export function VehicleOptions({ address, vehicle }: SlideProps) {
  return (
    <section className="vehicle-slide">
      <SlideHeading
        sub={[
          vehicle.vehicle_description,
          vehicle.mirrors_vehicle && `Shares its wiring with the ${vehicle.mirrors_vehicle.name}`,
        ]
          .filter(Boolean)
          .join(' · ')}
      >
        {nameOf(vehicle)}
      </SlideHeading>
      <div className="vehicle-overview">
        {vehicle.image && (
          <LazyImage className="vehicle-image" src={vehicle.image} alt={nameOf(vehicle)} width={320} height={200} />
        )}
        {vehicle.description && (
          <aside className="tech-tip" aria-label="Tech tip">
            <h2>Tech tip</h2>
            <p>{vehicle.description}</p>
          </aside>
        )}
      </div>
      <SaveForOffline address={address} vehicle={vehicle} />
      <nav aria-label="Vehicle options">
        <ul className="option-list">
          {OPTIONS.map((option) => (
            <li key={option.slide}>
              <Link className="option-link" to={slidePath(address, option.slide)}>
                <span className="option-label">{option.label}</span>
                <span className="option-hint">{option.hint}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {vehicle.vehicle_documents.length > 0 && (
        <section aria-labelledby="vehicle-documents">
          <h2 id="vehicle-documents">Documents</h2>
          <DocumentList documents={vehicle.vehicle_documents} />
        </section>
      )}
    </section>
  );
}
