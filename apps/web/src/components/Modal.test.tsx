import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { Modal } from './Modal.tsx';

const renderModal = (loading: boolean) => {
  const onClose = vi.fn();
  const view = render(
    <Modal open onClose={onClose} title="Select Business" loading={loading}>
      <p>Body</p>
    </Modal>,
  );
  return { onClose, dialog: screen.getByRole('dialog', { hidden: true }), ...view };
};

describe('Modal (spec 01 §2.3)', () => {
  it('closes on Escape (cancel), backdrop click and the close button', () => {
    const { onClose, dialog } = renderModal(false);
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    fireEvent.click(dialog);
    fireEvent.click(screen.getByRole('button', { name: 'Close', hidden: true }));
    expect(onClose).toHaveBeenCalledTimes(3);
  });

  it('cannot be closed while loading', () => {
    const { onClose, dialog } = renderModal(true);
    const cancel = new Event('cancel', { cancelable: true });
    fireEvent(dialog, cancel);
    expect(cancel.defaultPrevented).toBe(true);
    fireEvent.click(dialog);
    expect((screen.getByRole('button', { name: 'Close', hidden: true }) as HTMLButtonElement).disabled).toBe(true);
    expect(dialog.getAttribute('aria-busy')).toBe('true');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('does not close when the click is inside the panel', () => {
    const { onClose } = renderModal(false);
    fireEvent.click(screen.getByText('Body'));
    expect(onClose).not.toHaveBeenCalled();
  });

  it('locks body scroll while open and releases it on close', () => {
    const { unmount } = renderModal(false);
    expect(document.body.classList.contains('scroll-locked')).toBe(true);
    unmount();
    expect(document.body.classList.contains('scroll-locked')).toBe(false);
  });

  it('is labelled by its title', () => {
    const { dialog } = renderModal(false);
    const labelId = dialog.getAttribute('aria-labelledby')!;
    expect(document.getElementById(labelId)?.textContent).toBe('Select Business');
  });
});
