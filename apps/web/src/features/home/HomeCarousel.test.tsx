import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { HomeSlide } from '@portal/contracts';
import { CAROUSEL_SWIPE_THRESHOLD_PX } from '@portal/contracts/constants';
import { isPortalPath, keyTarget, swipeStep, wrapIndex } from './carousel.ts';
import { HomeCarousel } from './HomeCarousel.tsx';

const slides: HomeSlide[] = [
  { id: 'a', title: 'Winter deals', body: 'Cold.', ctaLabel: 'Shop the deals', ctaHref: '/deals', theme: 'night' },
  { id: 'b', title: 'Wiring', body: 'Colours.', ctaLabel: 'Find wiring', ctaHref: '/wiring', theme: 'signal' },
  { id: 'c', title: 'Activation', body: 'Serials.', ctaLabel: 'Activate', ctaHref: '/activation', theme: 'steel' },
];
const INTERVAL = 5000;

const shownTitle = () => screen.getByRole('heading', { level: 2 }).textContent;
const button = (name: string) => screen.getByRole('button', { name });
const stage = () => document.querySelector('.home-carousel-stage')!;

/** A pointer event with the fields jsdom leaves out. */
function pointer(target: Element, type: string, fields: { x?: number; y?: number; pointerType?: string }) {
  const event = new MouseEvent(type, {
    bubbles: true,
    cancelable: true,
    clientX: fields.x ?? 0,
    clientY: fields.y ?? 0,
  });
  Object.assign(event, { pointerId: 1, isPrimary: true, pointerType: fields.pointerType ?? 'touch' });
  act(() => void target.dispatchEvent(event));
}
const swipe = (dx: number, dy = 0) => {
  pointer(stage(), 'pointerdown', { x: 200, y: 100 });
  pointer(stage(), 'pointerup', { x: 200 + dx, y: 100 + dy });
};

function mockReducedMotion(reduce: boolean) {
  window.matchMedia = vi.fn().mockImplementation((query: string) => ({
    matches: reduce && query.includes('reduce'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

const renderCarousel = (list = slides) =>
  render(
    <MemoryRouter>
      <HomeCarousel slides={list} intervalMs={INTERVAL} />
    </MemoryRouter>,
  );

describe('carousel rules', () => {
  it('wraps around both ends', () => {
    expect(wrapIndex(3, 3)).toBe(0);
    expect(wrapIndex(-1, 3)).toBe(2);
    expect(wrapIndex(0, 0)).toBe(0);
  });

  it('turns on a sideways swipe of at least 30 px (spec 01 §9), never on a vertical one', () => {
    expect(CAROUSEL_SWIPE_THRESHOLD_PX).toBe(30);
    expect(swipeStep(-29, 0)).toBe(0);
    expect(swipeStep(-30, 0)).toBe(1);
    expect(swipeStep(30, 0)).toBe(-1);
    expect(swipeStep(-40, 60)).toBe(0);
  });

  it('maps arrows, Home and End', () => {
    expect(keyTarget('ArrowRight', 2, 3)).toBe(0);
    expect(keyTarget('ArrowLeft', 0, 3)).toBe(2);
    expect(keyTarget('Home', 2, 3)).toBe(0);
    expect(keyTarget('End', 0, 3)).toBe(2);
    expect(keyTarget('Enter', 0, 3)).toBeNull();
  });

  it('links only to paths of the portal', () => {
    expect(isPortalPath('/deals')).toBe(true);
    expect(isPortalPath('//evil.example/x')).toBe(false);
    expect(isPortalPath('https://evil.example')).toBe(false);
    expect(isPortalPath('/\\evil.example')).toBe(false);
  });
});

describe('HomeCarousel', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    mockReducedMotion(false);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows one slide at a time with its call to action inside the portal', () => {
    renderCarousel();
    expect(shownTitle()).toBe('Winter deals');
    expect(screen.getByRole('link', { name: 'Shop the deals' }).getAttribute('href')).toBe('/deals');
    expect(screen.getAllByRole('group', { hidden: true }).filter((g) => !g.hidden)).toHaveLength(1);
    expect(screen.getByRole('group', { name: '1 of 3' })).toBeTruthy();
  });

  it('previous and next buttons step and wrap; the dots jump and mark the current slide', () => {
    renderCarousel();
    fireEvent.click(button('Previous slide'));
    expect(shownTitle()).toBe('Activation');
    fireEvent.click(button('Next slide'));
    expect(shownTitle()).toBe('Winter deals');
    fireEvent.click(button('Slide 2: Wiring'));
    expect(shownTitle()).toBe('Wiring');
    expect(button('Slide 2: Wiring').getAttribute('aria-current')).toBe('true');
    expect(button('Slide 1: Winter deals').getAttribute('aria-current')).toBeNull();
  });

  it('arrow keys, Home and End work on the controls', () => {
    renderCarousel();
    const next = button('Next slide');
    fireEvent.keyDown(next, { key: 'ArrowRight' });
    expect(shownTitle()).toBe('Wiring');
    fireEvent.keyDown(next, { key: 'End' });
    expect(shownTitle()).toBe('Activation');
    fireEvent.keyDown(next, { key: 'ArrowRight' });
    expect(shownTitle()).toBe('Winter deals');
    fireEvent.keyDown(next, { key: 'ArrowLeft' });
    expect(shownTitle()).toBe('Activation');
    fireEvent.keyDown(next, { key: 'Home' });
    expect(shownTitle()).toBe('Winter deals');
  });

  it('a touch swipe of 30 px turns the slide; shorter, vertical and mouse drags do not', () => {
    renderCarousel();
    swipe(-29);
    expect(shownTitle()).toBe('Winter deals');
    swipe(-30);
    expect(shownTitle()).toBe('Wiring');
    swipe(45);
    expect(shownTitle()).toBe('Winter deals');
    swipe(-40, 80);
    expect(shownTitle()).toBe('Winter deals');
    pointer(stage(), 'pointerdown', { x: 200, pointerType: 'mouse' });
    pointer(stage(), 'pointerup', { x: 100, pointerType: 'mouse' });
    expect(shownTitle()).toBe('Winter deals');
  });

  it('advances by itself, silently, and pauses while pointed at or focused', () => {
    renderCarousel();
    expect(stage().getAttribute('aria-live')).toBe('off');
    act(() => void vi.advanceTimersByTime(INTERVAL));
    expect(shownTitle()).toBe('Wiring');

    const carousel = screen.getByRole('region', { name: 'Featured' });
    pointer(carousel, 'pointerenter', { pointerType: 'mouse' });
    act(() => void vi.advanceTimersByTime(INTERVAL * 3));
    expect(shownTitle()).toBe('Wiring');
    expect(stage().getAttribute('aria-live')).toBe('polite');
    pointer(carousel, 'pointerleave', { pointerType: 'mouse' });

    act(() => button('Next slide').focus());
    act(() => void vi.advanceTimersByTime(INTERVAL * 3));
    expect(shownTitle()).toBe('Wiring');
    act(() => button('Next slide').blur());
    act(() => void vi.advanceTimersByTime(INTERVAL));
    expect(shownTitle()).toBe('Activation');
  });

  it('the stop button ends the rotation and start resumes it', () => {
    renderCarousel();
    fireEvent.click(button('Stop slide rotation'));
    act(() => button('Start slide rotation').blur());
    act(() => void vi.advanceTimersByTime(INTERVAL * 3));
    expect(shownTitle()).toBe('Winter deals');
    expect(stage().getAttribute('aria-live')).toBe('polite');
    fireEvent.click(button('Start slide rotation'));
    act(() => button('Stop slide rotation').blur());
    act(() => void vi.advanceTimersByTime(INTERVAL));
    expect(shownTitle()).toBe('Wiring');
  });

  it('never moves by itself when the user prefers reduced motion', () => {
    mockReducedMotion(true);
    renderCarousel();
    act(() => void vi.advanceTimersByTime(INTERVAL * 3));
    expect(shownTitle()).toBe('Winter deals');
    expect(screen.queryByRole('button', { name: /slide rotation/ })).toBeNull();
    fireEvent.click(button('Next slide'));
    expect(shownTitle()).toBe('Wiring');
  });

  it('a single slide has no controls; no slides render nothing', () => {
    const { unmount } = renderCarousel(slides.slice(0, 1));
    expect(screen.queryByRole('button')).toBeNull();
    unmount();
    const { container } = renderCarousel([]);
    expect(container.innerHTML).toBe('');
  });
});
