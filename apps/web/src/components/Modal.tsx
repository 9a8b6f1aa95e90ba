import { useEffect, useId, useRef, type ReactNode } from 'react';
import { CloseIcon } from './icons.tsx';

interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: string;
  /** Hide the title visually (image viewers), keep it for screen readers. */
  hideTitle?: boolean;
  /** spec 01 §2.3: a modal cannot be closed while loading. */
  loading?: boolean;
  /** spec 01 §9: dialog 400 px, wide 1024 px. */
  size?: 'dialog' | 'wide' | 'full';
  className?: string;
  children: ReactNode;
}

let openCount = 0;

/**
 * The one modal of the portal, on the native <dialog>: focus is trapped and returned by the
 * browser. Escape and a backdrop click close it unless it is loading; body scroll is locked.
 */
export function Modal({
  open,
  onClose,
  title,
  hideTitle,
  loading = false,
  size = 'dialog',
  className,
  children,
}: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const loadingRef = useRef(loading);
  loadingRef.current = loading;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
    openCount++;
    document.body.classList.add('scroll-locked');
    return () => {
      if (typeof dialog.close === 'function' && dialog.open) dialog.close();
      else dialog.removeAttribute('open');
      if (--openCount === 0) document.body.classList.remove('scroll-locked');
      // A dialog removed from the page (not just closed) gives focus to nobody: hand it back.
      if (opener?.isConnected && (!document.activeElement || document.activeElement === document.body)) opener.focus();
    };
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const onCancel = (event: Event) => {
      event.preventDefault(); // we decide, so a loading modal stays open
      if (!loadingRef.current) onClose();
    };
    dialog.addEventListener('cancel', onCancel);
    return () => dialog.removeEventListener('cancel', onCancel);
  }, [onClose]);

  if (!open) return null;
  return (
    // The backdrop click is the dialog element itself being clicked; keyboard users have Escape.
    <dialog
      ref={ref}
      className={`modal modal-${size} ${className ?? ''}`}
      aria-labelledby={titleId}
      aria-busy={loading || undefined}
      onClick={(event) => {
        if (event.target === event.currentTarget && !loading) onClose();
      }}
    >
      <div className="modal-panel">
        <header className="modal-header">
          <h2 id={titleId} className={hideTitle ? 'visually-hidden' : 'modal-title'}>
            {title}
          </h2>
          <button type="button" className="icon-button" aria-label="Close" onClick={onClose} disabled={loading}>
            <CloseIcon />
          </button>
        </header>
        <div className="modal-body">{children}</div>
      </div>
    </dialog>
  );
}
