import { useRef, useState, type KeyboardEvent } from 'react';
import { openImageZoom, openMedia, type MediaItem } from '../../components/mediaModal.ts';

/**
 * spec 01 §2.3: the main picture opens the image zoom modal; thumbnails switch it; "All pictures"
 * opens the media modal (thumbnail carousel) at the picture shown.
 */
export function ProductGallery({ name, images }: { name: string; images: readonly string[] }) {
  const [index, setIndex] = useState(0);
  const thumbs = useRef<(HTMLButtonElement | null)[]>([]);
  const items: MediaItem[] = images.map((src, i) => ({
    src,
    alt: images.length > 1 ? `${name}, picture ${i + 1} of ${images.length}` : name,
  }));
  const current = items[index];

  if (!current) {
    return (
      <div className="product-gallery">
        <div className="product-gallery-main product-gallery-none">No picture</div>
      </div>
    );
  }

  // Arrow keys move along the thumbnails (and show the picture), Home and End jump to the ends.
  const onThumbKey = (event: KeyboardEvent) => {
    const last = items.length - 1;
    const focused = thumbs.current.indexOf(event.target as HTMLButtonElement);
    const from = focused >= 0 ? focused : index;
    const next = (
      {
        ArrowRight: from === last ? 0 : from + 1,
        ArrowDown: from === last ? 0 : from + 1,
        ArrowLeft: from === 0 ? last : from - 1,
        ArrowUp: from === 0 ? last : from - 1,
        Home: 0,
        End: last,
      } as Record<string, number>
    )[event.key];
    if (next === undefined) return;
    event.preventDefault();
    setIndex(next);
    thumbs.current[next]?.focus();
  };

  return (
    <div className="product-gallery">
      <button
        type="button"
        className="product-gallery-main"
        aria-label={`Enlarge ${current.alt}`}
        onClick={() => openImageZoom(current)}
      >
        <img src={current.src} alt={current.alt} width={500} height={500} fetchPriority="high" />
      </button>
      {items.length > 1 && (
        <ul className="product-thumbs" aria-label="Pictures" onKeyDown={onThumbKey}>
          {items.map((item, i) => (
            <li key={item.src}>
              <button
                ref={(el) => {
                  thumbs.current[i] = el;
                }}
                type="button"
                className="product-thumb"
                aria-label={`Show picture ${i + 1} of ${items.length}`}
                aria-pressed={i === index}
                onClick={() => setIndex(i)}
              >
                <img src={item.src} alt="" width={64} height={64} loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <button type="button" className="button button-link product-media-button" onClick={() => openMedia(items, index)}>
        {items.length > 1 ? `All pictures (${items.length})` : 'View picture'}
      </button>
    </div>
  );
}
