import { useId, type Ref } from 'react';
import { Link } from 'react-router';
import type { PaymentOption } from '../paymentOptions.ts';
import { ProblemAlert } from '../../../components/FormLayout.tsx';
import { Choice } from './Choice.tsx';

/** What the server said about the payment: a declined card, a refused TERMS; `value` is the option it was about. */
export interface PaymentProblem {
  value: string | null;
  message: string;
}

interface PaymentSectionProps {
  options: PaymentOption[] | undefined;
  loadFailed: boolean;
  onRetryLoad: () => void;
  selected: string | null;
  problem: PaymentProblem | null;
  problemRef: Ref<HTMLDivElement>;
  disabled: boolean;
  /** The person may add a card on /billing (spec 01 §6: Billing). */
  canAddCard: boolean;
  onChoose: (option: PaymentOption) => void;
}

/**
 * spec 02 §4, §8: COD, TERMS, each saved card and each verified bank account. A bank account not verified
 * yet and an expired card are listed but cannot be chosen. A refusal shows under the section with the
 * server's words, and the option it was about stays marked until another is chosen.
 */
export function PaymentSection({
  options,
  loadFailed,
  onRetryLoad,
  selected,
  problem,
  problemRef,
  disabled,
  canAddCard,
  onChoose,
}: PaymentSectionProps) {
  const id = useId();
  const problemId = `${id}-problem`;
  return (
    <fieldset className="form-section" aria-describedby={problem ? problemId : undefined}>
      <legend>
        <h2 className="form-section-title">Payment</h2>
      </legend>
      {loadFailed ? (
        <div className="load-error" role="alert">
          <p>We couldn’t load the ways to pay.</p>
          <button type="button" className="button button-secondary" onClick={onRetryLoad}>
            Try again
          </button>
        </div>
      ) : !options ? (
        <p className="muted">Loading ways to pay…</p>
      ) : (
        <div className="choices">
          {options.map((option) => {
            const invalid = problem !== null && problem.value === option.value;
            return (
              <Choice
                key={option.value}
                name="payment"
                value={option.value}
                checked={selected === option.value}
                disabled={disabled || option.unusable !== null}
                invalid={invalid}
                describedBy={invalid ? problemId : undefined}
                onChoose={() => onChoose(option)}
              >
                <span className="choice-title">{option.label}</span>
                {option.detail && <span className="choice-detail"> · {option.detail}</span>}
                {option.unusable && <span className="choice-note"> · {option.unusable}</span>}
                {invalid && <span className="choice-flag"> · Not accepted</span>}
              </Choice>
            );
          })}
        </div>
      )}
      {problem && <ProblemAlert id={problemId} focusRef={problemRef} lines={[problem.message]} />}
      {canAddCard && (
        <p className="checkout-note">
          <Link to="/billing">Add a card or bank account under Billing</Link>
        </p>
      )}
    </fieldset>
  );
}
