import { openMedia, type MediaItem } from '../../components/mediaModal.ts';

const PHOTOS: MediaItem[] = [
  { src: '/images/company/headquarters.svg', alt: 'Boise headquarters and distribution center' },
  { src: '/images/company/vehicle-lab.svg', alt: 'Vehicle research lab, where wiring is verified on real vehicles' },
  { src: '/images/company/training-bay.svg', alt: 'Installer training bay' },
];

/** Photos of our facilities; each opens the media modal (thumbnail carousel). */
export function FacilityGallery() {
  return (
    <ul className="gallery" aria-label="Our facilities">
      {PHOTOS.map((photo, index) => (
        <li key={photo.src}>
          <button type="button" className="gallery-item" onClick={() => openMedia(PHOTOS, index)}>
            <img src={photo.src} alt="" loading="lazy" width={320} height={200} />
            <span className="gallery-caption">{photo.alt}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
