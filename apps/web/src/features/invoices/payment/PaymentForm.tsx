import type { PaymentCard } from '@portal/contracts';
import type { CreditMemo, Invoice } from '@portal/contracts/billing';
import { FormLayout } from '../../../components/FormLayout.tsx';
import { creditToApply, planOf } from '../paymentPlan.ts';
import { CreditMemosSection } from './CreditMemosSection.tsx';
import { InvoicesSection } from './InvoicesSection.tsx';
import { PaymentSummary } from './PaymentSummary.tsx';
import { PayWithSection } from './PayWithSection.tsx';
import { usePay } from './usePay.ts';
import { usePaymentForm } from './usePaymentForm.ts';

export interface PaymentFormProps {
  rows: Invoice[];
  chosen: Invoice[];
  memos: CreditMemo[];
  memosLoading: boolean;
  memosFailed: boolean;
  onRetryMemos: () => void;
  methods: PaymentCard[] | undefined;
  methodsFailed: boolean;
  onRetryMethods: () => void;
  totalUnpaid: number;
  notes: string[];
  onChoose: (id: string, yes: boolean) => void;
  onPaid: () => void;
}

/** The payment's sections (the amounts, credit memos, Pay with) beside its summary and Pay, as one form. */
export function PaymentForm({
  rows,
  chosen,
  memos,
  memosLoading,
  memosFailed,
  onRetryMemos,
  methods,
  methodsFailed,
  onRetryMethods,
  totalUnpaid,
  notes,
  onChoose,
  onPaid,
}: PaymentFormProps) {
  const { form, values, plan, markTyped } = usePaymentForm({ rows, chosen, memos, methods });
  const { errors } = form.formState;
  const { sums } = plan;
  const chosenMethod = values.method ?? '';
  const pay = usePay({ form, chosen, memos, chosenMethod, onRetryMethods, onPaid });
  const busy = pay.busy;

  return (
    <FormLayout
      className="payment-layout"
      summaryTitle="Summary"
      onSubmit={(event) => void pay.submit(event)}
      summary={
        <PaymentSummary
          chosenCount={chosen.length}
          sums={sums}
          valid={plan.valid}
          problem={pay.problem && pay.problem.method === undefined ? pay.problem.lines : null}
          problemRef={pay.refs.problem}
          busy={busy}
        />
      }
    >
      <InvoicesSection
        rows={rows}
        chosen={chosen}
        totalUnpaid={totalUnpaid}
        notes={notes}
        problem={pay.invoicesProblem}
        problemRef={pay.refs.invoices}
        disabled={busy}
        form={form}
        errors={errors}
        onChoose={onChoose}
        onTyped={markTyped}
      />
      <CreditMemosSection
        memos={memos}
        loading={memosLoading}
        failed={memosFailed}
        onRetry={onRetryMemos}
        applied={(memoId) => Boolean(values.credits?.[memoId]?.apply)}
        creditOverTotal={plan.creditOverTotal}
        creditRef={pay.refs.credit}
        disabled={busy}
        form={form}
        errors={errors}
        startAmount={(memo) => creditToApply(memo, planOf(form.getValues(), { invoices: chosen, memos }))}
      />
      <PayWithSection
        methods={methods}
        failed={methodsFailed}
        onRetry={onRetryMethods}
        nothingToCharge={chosen.length > 0 && plan.valid && sums.charge === 0}
        chosenMethod={chosenMethod}
        methodError={errors.method?.message}
        problem={pay.problem}
        problemRef={pay.refs.method}
        declined={pay.declined}
        disabled={busy}
        form={form}
        onMethodChange={pay.clearProblem}
      />
    </FormLayout>
  );
}
