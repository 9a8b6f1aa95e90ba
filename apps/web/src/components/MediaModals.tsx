import { useCallback, useRef, useState } from 'react';
import { CAROUSEL_SWIPE_THRESHOLD_PX } from '@portal/contracts/constants';
import { Modal } from './Modal.tsx';
import { closeMediaModal, mediaModalStore, type MediaItem } from './mediaModal.ts';
import { useStore } from './store.ts';
import { ChevronLeftIcon, ChevronRightIcon } from './icons.tsx';

/** Image zoom and media (thumbnail carousel) modals of spec 01 §2.3. */
export function MediaModals() {
  const state = useStore(mediaModalStore);
  const close = useCallback(() => closeMediaModal(), []);
  if (!state) return null;
  if (state.kind === 'zoom') {
    return (
      <Modal open onClose={close} title={state.image.alt} hideTitle size="wide" className="modal-media">
        <ZoomableImage image={state.image} />
      </Modal>
    );
  }
  return (
    <Modal open onClose={close} title="Media" hideTitle size="wide" className="modal-media">
      <Carousel items={state.items} start={state.index} />
    </Modal>
  );
}

function ZoomableImage({ image }: { image: MediaItem }) {
  const [zoom, setZoom] = useState<{ x: number; y: number } | null>(null);
  return (
    <button
      type="button"
      className={`zoom-frame ${zoom ? 'is-zoomed' : ''}`}
      aria-pressed={zoom !== null}
      aria-label={zoom ? 'Zoom out' : 'Zoom in'}
      onClick={(event) => {
        if (zoom) return setZoom(null);
        const box = event.currentTarget.getBoundingClientRect();
        const x = event.clientX ? ((event.clientX - box.left) / box.width) * 100 : 50;
        const y = event.clientY ? ((event.clientY - box.top) / box.height) * 100 : 50;
        setZoom({ x, y });
      }}
    >
      <img src={image.src} alt={image.alt} style={zoom ? { transformOrigin: `${zoom.x}% ${zoom.y}%` } : undefined} />
    </button>
  );
}

function Carousel({ items, start }: { items: MediaItem[]; start: number }) {
  const [index, setIndex] = useState(start);
  const touchX = useRef<number | null>(null);
  const go = (step: number) => setIndex((i) => (i + step + items.length) % items.length);
  const current = items[index]!;
  return (
    <div
      className="carousel"
      role="group"
      aria-roledescription="carousel"
      aria-label="Media"
      onKeyDown={(event) => {
        if (event.key === 'ArrowLeft') go(-1);
        if (event.key === 'ArrowRight') go(1);
      }}
      onTouchStart={(event) => (touchX.current = event.touches[0]?.clientX ?? null)}
      onTouchEnd={(event) => {
        const endX = event.changedTouches[0]?.clientX;
        if (
          touchX.current !== null &&
          endX !== undefined &&
          Math.abs(endX - touchX.current) > CAROUSEL_SWIPE_THRESHOLD_PX
        ) {
          go(endX < touchX.current ? 1 : -1);
        }
        touchX.current = null;
      }}
    >
      <div className="carousel-stage">
        {items.length > 1 && (
          <button
            type="button"
            className="icon-button carousel-prev"
            aria-label="Previous image"
            onClick={() => go(-1)}
          >
            <ChevronLeftIcon />
          </button>
        )}
        <img src={current.src} alt={current.alt} aria-live="polite" />
        {items.length > 1 && (
          <button type="button" className="icon-button carousel-next" aria-label="Next image" onClick={() => go(1)}>
            <ChevronRightIcon />
          </button>
        )}
      </div>
      <p className="carousel-count" aria-live="polite">
        {index + 1} of {items.length}
      </p>
      {items.length > 1 && (
        <ul className="carousel-thumbs">
          {items.map((item, i) => (
            <li key={item.src}>
              <button
                type="button"
                aria-label={`Show image ${i + 1}: ${item.alt}`}
                aria-current={i === index || undefined}
                onClick={() => setIndex(i)}
              >
                <img src={item.src} alt="" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
