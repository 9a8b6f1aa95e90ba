import type { ReactNode } from 'react';
import { Modal } from '../../components/Modal.tsx';
import { Button } from '../../components/Button.tsx';

interface PaymentMethodDialogProps {
  title: string;
  /** spec 01 §2.3: the dialog cannot be closed while its call runs. */
  saving: boolean;
  onClose: () => void;
  /**
   * What the server refused that no field shows. Said here, inside the dialog: the alert bar sits
   * behind the dialog's backdrop, where nobody looks.
   */
  failure: readonly string[];
  /** A dialog that asks rather than edits (remove) is as narrow as the spec's dialogs. */
  narrow?: boolean;
  children: ReactNode;
}

/** The dialog of each change to a card or bank account: add, edit, verify, remove. */
export function PaymentMethodDialog({ title, saving, onClose, failure, narrow, children }: PaymentMethodDialogProps) {
  return (
    <Modal
      open
      onClose={onClose}
      title={title}
      loading={saving}
      size={narrow ? 'dialog' : 'wide'}
      className={narrow ? undefined : 'payment-method-dialog'}
    >
      {failure.length > 0 && (
        <div className="alert alert-error payment-method-failure" role="alert">
          <div className="alert-content">
            {failure.map((line) => (
              <p key={line}>{line}</p>
            ))}
          </div>
        </div>
      )}
      {children}
    </Modal>
  );
}

/** The dialog's buttons: what it does, and Cancel (blocked while the call runs). */
export function DialogActions({
  submitLabel,
  saving,
  onCancel,
  onSubmit,
}: {
  submitLabel: string;
  saving: boolean;
  onCancel: () => void;
  /** For a dialog without a form (remove); a form's button submits it. */
  onSubmit?: () => void;
}) {
  return (
    <div className="dialog-actions">
      <Button variant="secondary" type="button" onClick={onCancel} disabled={saving}>
        Cancel
      </Button>
      <Button type={onSubmit ? 'button' : 'submit'} onClick={onSubmit} loading={saving}>
        {submitLabel}
      </Button>
    </div>
  );
}
