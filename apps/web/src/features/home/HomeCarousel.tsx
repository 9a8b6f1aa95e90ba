import { useEffect, useRef, useState, useSyncExternalStore, type KeyboardEvent, type PointerEvent } from 'react';
import { Link } from 'react-router';
import type { HomeSlide } from '@portal/contracts';
import { ChevronLeftIcon, ChevronRightIcon } from '../../components/icons.tsx';
import { CAROUSEL_AUTO_ADVANCE_MS, isPortalPath, keyTarget, swipeStep, wrapIndex } from './carousel.ts';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
const subscribeReducedMotion = (onChange: () => void) => {
  if (typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};
const prefersReducedMotion = () => typeof window.matchMedia === 'function' && window.matchMedia(REDUCED_MOTION).matches;

/** True while the user asks the system for less motion (follows the setting live). */
export function usePrefersReducedMotion() {
  return useSyncExternalStore(subscribeReducedMotion, prefersReducedMotion, () => false);
}

interface HomeCarouselProps {
  slides: readonly HomeSlide[];
  intervalMs?: number;
}

/**
 * The dashboard's slides (spec 01 §7, §9). Previous/next buttons, one button per slide, arrow keys
 * on the controls and a 30 px swipe. Slides advance by themselves unless the user prefers reduced
 * motion, has pressed Pause, or is pointing at or focused inside the carousel; a change the user
 * makes is announced, an automatic one is not (WAI-ARIA carousel pattern).
 */
export function HomeCarousel({ slides, intervalMs = CAROUSEL_AUTO_ADVANCE_MS }: HomeCarouselProps) {
  const count = slides.length;
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const swipeStart = useRef<{ id: number; x: number; y: number } | null>(null);

  const canRotate = count > 1 && !reducedMotion;
  const rotating = canRotate && !stopped && !hovered && !focused;
  const current = wrapIndex(index, count);

  // A timeout per shown slide: any change, by hand or by time, gives the new slide its full time.
  useEffect(() => {
    if (!rotating) return;
    const timer = setTimeout(() => setIndex((i) => wrapIndex(i + 1, count)), intervalMs);
    return () => clearTimeout(timer);
  }, [rotating, current, count, intervalMs]);

  if (!count) return null;
  const go = (target: number) => setIndex(wrapIndex(target, count));

  const onControlsKeyDown = (event: KeyboardEvent) => {
    const target = keyTarget(event.key, current, count);
    if (target === null) return;
    event.preventDefault();
    go(target);
  };
  // Touch and pen only: a mouse drag selects text and clicks links as usual.
  const onPointerDown = (event: PointerEvent) => {
    if (event.pointerType === 'mouse' || !event.isPrimary) return;
    swipeStart.current = { id: event.pointerId, x: event.clientX, y: event.clientY };
  };
  const onPointerUp = (event: PointerEvent) => {
    const start = swipeStart.current;
    swipeStart.current = null;
    if (!start || start.id !== event.pointerId) return;
    const step = swipeStep(event.clientX - start.x, event.clientY - start.y);
    if (step) go(current + step);
  };

  return (
    <section
      className="home-carousel"
      aria-roledescription="carousel"
      aria-label="Featured"
      onPointerEnter={(e) => e.pointerType === 'mouse' && setHovered(true)}
      onPointerLeave={(e) => e.pointerType === 'mouse' && setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div
        className="home-carousel-stage"
        aria-live={rotating ? 'off' : 'polite'}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (swipeStart.current = null)}
      >
        {slides.map((slide, i) => (
          <div
            key={slide.id}
            className={`home-slide home-slide-${slide.theme}`}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${count}`}
            hidden={i !== current}
          >
            <div className="home-slide-text">
              <h2 className="home-slide-title">{slide.title}</h2>
              <p className="home-slide-body">{slide.body}</p>
              {isPortalPath(slide.ctaHref) && (
                <Link className="home-slide-cta" to={slide.ctaHref}>
                  {slide.ctaLabel}
                </Link>
              )}
            </div>
          </div>
        ))}
      </div>
      {count > 1 && (
        <div className="home-carousel-controls" onKeyDown={onControlsKeyDown}>
          <button
            type="button"
            className="home-carousel-arrow"
            aria-label="Previous slide"
            onClick={() => go(current - 1)}
          >
            <ChevronLeftIcon />
          </button>
          <ul className="home-carousel-dots">
            {slides.map((slide, i) => (
              <li key={slide.id}>
                <button
                  type="button"
                  className="home-carousel-dot"
                  aria-label={`Slide ${i + 1}: ${slide.title}`}
                  aria-current={i === current ? 'true' : undefined}
                  onClick={() => go(i)}
                />
              </li>
            ))}
          </ul>
          <button type="button" className="home-carousel-arrow" aria-label="Next slide" onClick={() => go(current + 1)}>
            <ChevronRightIcon />
          </button>
          {canRotate && (
            <button
              type="button"
              className="home-carousel-toggle"
              aria-label={stopped ? 'Start slide rotation' : 'Stop slide rotation'}
              onClick={() => setStopped((s) => !s)}
            >
              {stopped ? <PlayIcon /> : <PauseIcon />}
            </button>
          )}
        </div>
      )}
    </section>
  );
}

/** The carousel's stage while the slides load: same height, so the page does not jump. */
export function HomeCarouselSkeleton() {
  return <div className="home-carousel home-carousel-skeleton skeleton" aria-hidden="true" />;
}

const PauseIcon = () => (
  <svg className="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path fill="currentColor" d="M7 5h3.5v14H7zM13.5 5H17v14h-3.5z" />
  </svg>
);
const PlayIcon = () => (
  <svg className="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path fill="currentColor" d="M8 5l11 7-11 7z" />
  </svg>
);
