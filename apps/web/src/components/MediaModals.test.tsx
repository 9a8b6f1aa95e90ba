import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MediaModals } from './MediaModals.tsx';
import { closeMediaModal, mediaModalStore, openImageZoom, openMedia } from './mediaModal.ts';

afterEach(() => act(() => closeMediaModal()));

const items = [
  { src: '/a.svg', alt: 'Front of the FT-X1' },
  { src: '/b.svg', alt: 'Harness connector' },
  { src: '/c.svg', alt: 'Antenna' },
];

describe('image zoom modal', () => {
  it('shows the image and toggles zoom at the pointer', () => {
    render(<MediaModals />);
    act(() => openImageZoom(items[0]!));
    const toggle = screen.getByRole('button', { name: 'Zoom in', hidden: true });
    expect(screen.getByRole('img', { name: 'Front of the FT-X1', hidden: true })).toBeTruthy();
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(toggle.getAttribute('aria-label')).toBe('Zoom out');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
  });

  it('closes from its close button and clears the store', () => {
    render(<MediaModals />);
    act(() => openImageZoom(items[1]!));
    fireEvent.click(screen.getByRole('button', { name: 'Close', hidden: true }));
    expect(mediaModalStore.get()).toBeNull();
    expect(screen.queryByRole('dialog', { hidden: true })).toBeNull();
  });
});

describe('media modal (thumbnail carousel)', () => {
  it('starts at the chosen image, steps with buttons, arrow keys and thumbnails, wrapping around', () => {
    render(<MediaModals />);
    act(() => openMedia(items, 2));
    expect(screen.getByText('3 of 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next image', hidden: true }));
    expect(screen.getByText('1 of 3')).toBeTruthy();
    const carousel = screen.getByRole('group', { name: 'Media', hidden: true });
    fireEvent.keyDown(carousel, { key: 'ArrowLeft' });
    expect(screen.getByText('3 of 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show image 2: Harness connector', hidden: true }));
    expect(screen.getByText('2 of 3')).toBeTruthy();
  });

  it('swipes only past the 30 px threshold (spec 01 §9)', () => {
    render(<MediaModals />);
    act(() => openMedia(items, 0));
    const carousel = screen.getByRole('group', { name: 'Media', hidden: true });
    const swipe = (from: number, to: number) => {
      fireEvent.touchStart(carousel, { touches: [{ clientX: from }] });
      fireEvent.touchEnd(carousel, { changedTouches: [{ clientX: to }] });
    };
    swipe(200, 175);
    expect(screen.getByText('1 of 3')).toBeTruthy();
    swipe(200, 160);
    expect(screen.getByText('2 of 3')).toBeTruthy();
    swipe(100, 150);
    expect(screen.getByText('1 of 3')).toBeTruthy();
  });
});
