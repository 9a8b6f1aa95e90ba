import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { PaymentCard } from '@portal/contracts';
import { payingFactsOf, whyMethodCannotPay } from '@portal/contracts/payment-methods';
import { alerts } from '../../components/alerts.ts';
import { Button } from '../../components/Button.tsx';
import { alertLinesFor } from '../../lib/errors.ts';
import {
  ACCOUNT_TYPE_NAMES,
  paymentMethodName,
  paymentMethodsQuery,
  useMakeMain,
  useRemovePaymentMethod,
} from './api.ts';
import { AddCardForm, EditCardForm } from './CardForm.tsx';
import { AddBankAccountForm, EditBankAccountForm } from './BankAccountForm.tsx';
import { VerifyBankAccount } from './VerifyBankAccount.tsx';
import { DialogActions, PaymentMethodDialog } from './PaymentMethodDialog.tsx';

type Dialog =
  | { kind: 'add-card' }
  | { kind: 'add-bank-account' }
  | { kind: 'edit' | 'verify' | 'remove'; method: PaymentCard }
  | null;

/**
 * The business's cards and bank accounts on /billing (spec 02 §3, §4; issue 18): add, make main, edit,
 * remove, and verify a bank account. The server decides whose they are and who may change them.
 */
export function PaymentMethodsSection({
  sapBpCode,
  defaultCountry,
}: {
  sapBpCode: string;
  defaultCountry: 'US' | 'CA';
}) {
  const methods = useQuery(paymentMethodsQuery(sapBpCode));
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);

  const addButtons = (
    <div className="button-row payment-method-add">
      <Button variant="secondary" onClick={() => setDialog({ kind: 'add-card' })}>
        Add a card
      </Button>
      <Button variant="secondary" onClick={() => setDialog({ kind: 'add-bank-account' })}>
        Add a bank account
      </Button>
    </div>
  );

  return (
    <section className="card payment-methods" aria-labelledby="payment-methods-heading">
      <h2 id="payment-methods-heading">Cards and bank accounts</h2>
      {methods.isPending ? (
        <p className="muted">Loading cards and bank accounts…</p>
      ) : methods.isError ? (
        <div className="alert alert-error" role="alert">
          <div className="alert-content">
            <p>{alertLinesFor(methods.error).join(' ')}</p>
            <button type="button" className="alert-action" onClick={() => void methods.refetch()}>
              Try again
            </button>
          </div>
        </div>
      ) : methods.data.length === 0 ? (
        <div className="empty-state payment-methods-empty">
          <p>No cards or bank accounts yet. Add a card to pay for orders and invoices.</p>
          {addButtons}
        </div>
      ) : (
        <>
          <ul className="payment-method-list" aria-label="Saved cards and bank accounts">
            {methods.data.map((method) => (
              <PaymentMethodRow key={method.id} method={method} onOpen={setDialog} />
            ))}
          </ul>
          {addButtons}
        </>
      )}

      {dialog?.kind === 'add-card' && <AddCardForm defaultCountry={defaultCountry} onClose={close} />}
      {dialog?.kind === 'add-bank-account' && <AddBankAccountForm onClose={close} />}
      {dialog?.kind === 'edit' &&
        (dialog.method.type === 'CARD' ? (
          <EditCardForm card={dialog.method} onClose={close} />
        ) : (
          <EditBankAccountForm account={dialog.method} onClose={close} />
        ))}
      {dialog?.kind === 'verify' && <VerifyBankAccount account={dialog.method} onClose={close} />}
      {dialog?.kind === 'remove' && <RemovePaymentMethod method={dialog.method} onClose={close} />}
    </section>
  );
}

function PaymentMethodRow({ method, onOpen }: { method: PaymentCard; onOpen: (dialog: Dialog) => void }) {
  const makeMain = useMakeMain();
  const name = paymentMethodName(method);
  const isCard = method.type === 'CARD';
  // The one rule of checkout, invoice payment and the server (contracts' whyMethodCannotPay).
  const why = whyMethodCannotPay(payingFactsOf(method));
  const expired = why === 'CARD_EXPIRED';
  // spec 02 §4: a bank account is used only once verified, so only then can it be the main one.
  const usable = isCard || why === null;

  return (
    <li className={`payment-method${method.is_main ? ' is-main' : ''}`}>
      <div className="payment-method-summary">
        <h3 className="payment-method-name">{name}</h3>
        <p className="payment-method-badges">
          {method.is_main && <span className="badge badge-main">Main</span>}
          {expired && <span className="badge badge-danger">Expired</span>}
          {!isCard && method.status === 'verified' && <span className="badge badge-success">Verified</span>}
          {!isCard && method.status === 'unverified' && <span className="badge badge-warning">Unverified</span>}
          {!isCard && method.status === 'locked' && <span className="badge badge-danger">Locked</span>}
        </p>
        {isCard ? (
          <p className="payment-method-detail">
            {method.expiration_date && (
              <>
                {expired ? 'Expired' : 'Expires'} {method.expiration_date}
                {' · '}
              </>
            )}
            {method.name}
          </p>
        ) : (
          <p className="payment-method-detail">
            {[method.bank?.bankName, method.bank && ACCOUNT_TYPE_NAMES[method.bank.accountType], method.name]
              .filter(Boolean)
              .join(' · ')}
          </p>
        )}
        {!isCard && method.status === 'locked' && (
          <p className="payment-method-detail">Locked after three wrong tries. Remove it and add it again.</p>
        )}
      </div>
      <div className="payment-method-actions">
        {!isCard && method.status === 'unverified' && (
          <Button onClick={() => onOpen({ kind: 'verify', method })} aria-label={`Verify ${name}`}>
            Verify
          </Button>
        )}
        {!method.is_main && usable && (
          <Button
            variant="secondary"
            aria-label={`Make main: ${name}`}
            onClick={() =>
              makeMain.mutateAsync(method).then(
                () => {
                  alerts.show({
                    type: 'success',
                    content: `${name} is now your main payment method.`,
                    autoDismiss: true,
                  });
                },
                (error: unknown) => {
                  alerts.showError(error);
                  throw error;
                },
              )
            }
          >
            Make main
          </Button>
        )}
        {method.status !== 'locked' && (
          <Button variant="secondary" aria-label={`Edit ${name}`} onClick={() => onOpen({ kind: 'edit', method })}>
            Edit
          </Button>
        )}
        <Button variant="link" aria-label={`Remove ${name}`} onClick={() => onOpen({ kind: 'remove', method })}>
          Remove
        </Button>
      </div>
    </li>
  );
}

/** Removing asks first; it cannot be undone (a bank account would have to be verified again). */
function RemovePaymentMethod({ method, onClose }: { method: PaymentCard; onClose: () => void }) {
  const remove = useRemovePaymentMethod();
  const [failure, setFailure] = useState<string[]>([]);
  const name = paymentMethodName(method);
  const what = method.type === 'CARD' ? 'card' : 'bank account';

  const confirm = async () => {
    setFailure([]);
    try {
      await remove.mutateAsync(method);
      alerts.show({ type: 'success', content: `${name} is removed.`, autoDismiss: true });
      onClose();
    } catch (error) {
      setFailure(alertLinesFor(error));
    }
  };

  return (
    <PaymentMethodDialog
      title={`Remove this ${what}?`}
      saving={remove.isPending}
      onClose={onClose}
      failure={failure}
      narrow
    >
      <p>
        <strong>{name}</strong> will no longer be offered at checkout or for invoices.
        {method.is_main && ` It is your main ${what}; make another one main afterwards.`}
      </p>
      <DialogActions
        submitLabel="Remove"
        saving={remove.isPending}
        onCancel={onClose}
        onSubmit={() => void confirm()}
      />
    </PaymentMethodDialog>
  );
}
