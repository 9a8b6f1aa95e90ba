import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { VinScanButton } from './VinScanButton.tsx';
import { VIN_SCAN_TEXTS } from './texts.ts';

const original = Object.getOwnPropertyDescriptor(navigator, 'mediaDevices');
const withCamera = (getUserMedia: (() => Promise<MediaStream>) | undefined) =>
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: getUserMedia ? { getUserMedia } : undefined,
  });
afterEach(() => {
  if (original) Object.defineProperty(navigator, 'mediaDevices', original);
  else delete (navigator as { mediaDevices?: unknown }).mediaDevices;
});

const scan = () => fireEvent.click(screen.getByRole('button', { name: VIN_SCAN_TEXTS.buttonLabel }));

describe('VinScanButton: without a camera the button says why and the field stays (issue 31 item 1)', () => {
  it('a browser that can not open a camera here (no getUserMedia: not https, or none at all)', () => {
    withCamera(undefined);
    const onVin = vi.fn();
    render(<VinScanButton onVin={onVin} />);
    scan();
    expect(screen.getByRole('status').textContent).toBe(VIN_SCAN_TEXTS.noCamera);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onVin).not.toHaveBeenCalled();
  });

  for (const [name, text] of [
    ['NotAllowedError', VIN_SCAN_TEXTS.denied],
    ['NotFoundError', VIN_SCAN_TEXTS.notFound],
    ['NotReadableError', VIN_SCAN_TEXTS.busy],
    ['TypeError', VIN_SCAN_TEXTS.failed],
  ] as const)
    it(`the camera refused with ${name}: said in words, the view closes`, async () => {
      withCamera(() => Promise.reject(new DOMException('system text', name)));
      const onVin = vi.fn();
      render(<VinScanButton onVin={onVin} />);
      scan();
      await waitFor(() => expect(screen.getAllByRole('status', { hidden: true })[0]!.textContent).toBe(text));
      expect(screen.queryByRole('dialog', { hidden: true })).toBeNull();
      expect(document.body.textContent).not.toContain('system text');
      expect(onVin).not.toHaveBeenCalled();
    });
});
