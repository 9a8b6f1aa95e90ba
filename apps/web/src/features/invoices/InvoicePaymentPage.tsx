import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueries, useQuery } from '@tanstack/react-query';
import type { PaymentCard } from '@portal/contracts';
import { BILLING_TEXTS, type CreditMemo, type Invoice, type Receipt } from '@portal/contracts/billing';
import { CHECKOUT_TEXTS, PARTIAL_PAYMENT_NOT_ALLOWED, PAYMENT_ERROR } from '@portal/contracts/checkout-rules';
import { countOf, formatMoney } from '@portal/contracts/format';
import { isExpired } from '@portal/contracts/payment-methods';
import { ListSkeleton } from '../../components/ListStates.tsx';
import { FormLayout, ProblemAlert } from '../../components/FormLayout.tsx';
import { LoadError } from '../../components/LoadError.tsx';
import { ApiError } from '../../lib/api.ts';
import { alertLinesFor } from '../../lib/errors.ts';
import { useAttemptKey } from '../../lib/uuid.ts';
import { paymentMethodName, paymentMethodsQuery } from '../billing/index.ts';
import {
  creditMemoPageQuery,
  invoicePageQuery,
  invoiceQuery,
  usePayInvoices,
  useRefreshLedger,
  type LedgerScope,
  type PaymentAttempt,
} from './api.ts';
import { centsToInput, formatDay, parseDollars, percentOf } from './format.ts';
import { chosenIdsOf, PAYMENT_COMPLETE_PATH } from './paths.ts';
import {
  creditToApply,
  discountOf,
  PAYMENT_TEXTS,
  paymentFormSchema,
  planOf,
  requestOf,
  type PaymentContext,
  type PaymentFormValues,
} from './paymentPlan.ts';
import { saveReceipt } from './receipt.ts';
import { BillingOnly } from './components/BillingOnly.tsx';
import { InvoiceStatusBadge } from './components/StatusBadge.tsx';
import '../../components/CardTable.css';
import './invoices.css';

const TITLE = 'Pay Invoices';

/** What is owed, most urgent first: the invoices the screen offers (the chosen ones beyond it are asked one by one). */
const UNPAID_REQUEST = { first: 100, unpaid: true, sort: 'due_date', direction: 'asc' } as const;
const OPEN_CREDIT_REQUEST = { first: 100, open: true } as const;

/**
 * /invoice-payment (spec 02 §2, §4 invoice payment; issue 19 item 3): the invoices chosen (in the address,
 * or ticked here from what is owed), each with the amount to pay on it, open credit memos to apply, and a
 * saved card or verified bank account for the rest; the sums as the server will charge them; then Pay,
 * once, whatever the retries.
 */
export default function InvoicePaymentPage() {
  return (
    <BillingOnly title={TITLE}>
      {({ scope, business }) => <PaymentPage scope={scope} business={business} />}
    </BillingOnly>
  );
}

function PaymentPage({
  scope,
  business,
}: {
  scope: LedgerScope;
  business: { companyName: string; sapBpCode: string };
}) {
  const [paid, setPaid] = useState(false);
  return (
    <div className="page invoice-payment">
      <h1>{TITLE}</h1>
      {paid ? (
        <p className="centered-status" role="status">
          Payment received. Opening your receipt…
        </p>
      ) : (
        <>
          <p className="muted payment-for">
            For {business.companyName} ({business.sapBpCode}) · <Link to="/invoice">Invoices</Link> ·{' '}
            <Link to="/billing">Billing</Link>
          </p>
          <Payment scope={scope} sapBpCode={business.sapBpCode} onPaid={() => setPaid(true)} />
        </>
      )}
    </div>
  );
}

function Payment({ scope, sapBpCode, onPaid }: { scope: LedgerScope; sapBpCode: string; onPaid: () => void }) {
  const [params, setParams] = useSearchParams();
  const chosenIds = chosenIdsOf(params);
  const unpaid = useQuery(invoicePageQuery(scope, UNPAID_REQUEST));
  const listed = unpaid.data?.edges.map((edge) => edge.node) ?? [];
  // Chosen on the list but beyond the first 100 owed (or paid since): asked one by one.
  const beyond = unpaid.data ? chosenIds.filter((id) => !listed.some((invoice) => invoice.id === id)) : [];
  const extra = useQueries({ queries: beyond.map((id) => invoiceQuery(scope, id)) });
  const memosQuery = useQuery(creditMemoPageQuery(scope, OPEN_CREDIT_REQUEST));
  const methods = useQuery(paymentMethodsQuery(sapBpCode));

  const extraUnpaid = extra.flatMap((query) => (query.data && !query.data.isPaid ? [query.data] : []));
  const extraPaid = extra.flatMap((query) => (query.data?.isPaid ? [query.data.number] : []));
  const extraMissing = extra.filter((query) => query.error instanceof ApiError && query.error.status < 500).length;
  const rows: Invoice[] = [...listed, ...extraUnpaid];
  const chosen = chosenIds.flatMap((id) => rows.filter((invoice) => invoice.id === id));
  const memos = (memosQuery.data?.edges.map((edge) => edge.node) ?? []).filter((memo) => memo.amount_left.amount > 0);

  const setChosen = (ids: string[]) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (ids.length) next.set('ids', ids.join(','));
        else next.delete('ids');
        return next;
      },
      { replace: true },
    );
  const choose = (id: string, yes: boolean) =>
    setChosen(yes ? [...chosenIds.filter((other) => other !== id), id] : chosenIds.filter((other) => other !== id));

  if (unpaid.isPending) return <ListSkeleton rows={3} label="Loading what is owed" />;
  if (unpaid.isError && !unpaid.data)
    return <LoadError what="the invoices to pay" onRetry={() => void unpaid.refetch()} />;

  if (rows.length === 0 && extra.every((query) => !query.isPending))
    return (
      <div className="empty-state ledger-empty">
        <h2>Nothing to pay</h2>
        <p>
          Every invoice of this business is paid. New invoices appear when you buy on terms.
          {extraPaid.length > 0 && ` ${extraPaid.join(', ')}: ${BILLING_TEXTS.alreadyPaid}`}
        </p>
        <p>
          <Link to="/invoice">Go to Invoices</Link> · <Link to="/billing">Billing</Link>
        </p>
      </div>
    );

  return (
    <PaymentForm
      rows={rows}
      chosen={chosen}
      memos={memos}
      memosLoading={memosQuery.isPending}
      memosFailed={memosQuery.isError}
      onRetryMemos={() => void memosQuery.refetch()}
      methods={methods.data}
      methodsFailed={methods.isError}
      onRetryMethods={() => void methods.refetch()}
      totalUnpaid={unpaid.data?.totalCount ?? rows.length}
      notes={[
        ...extraPaid.map((number) => `${number}: ${BILLING_TEXTS.alreadyPaid}`),
        ...(extraMissing ? [`${countOf(extraMissing, 'chosen invoice')}: ${BILLING_TEXTS.invoiceNotFound}`] : []),
      ]}
      onChoose={choose}
      onPaid={onPaid}
    />
  );
}

interface PaymentFormProps {
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

/** Why a saved method can not pay now (spec 02 §4: a bank account must be verified first); null when it can. */
function unusableReason(method: PaymentCard, today = new Date()): string | null {
  if (method.type === 'CARD') {
    const match = /^(\d{2})\/(\d{2})$/.exec(method.expiration_date ?? '');
    const expired = match !== null && isExpired(Number(match[1]), 2000 + Number(match[2]), today);
    return expired ? 'Expired: update it under Billing' : null;
  }
  if (method.status === 'verified') return null;
  return method.status === 'locked' ? 'Locked after three wrong tries' : 'Not verified yet: verify it under Billing';
}

/** Refusals about the card or bank account chosen: they show under Pay with. */
const METHOD_REFUSALS = new Set<string>([
  BILLING_TEXTS.paymentMethodNotFound,
  BILLING_TEXTS.paymentMethodRequired,
  CHECKOUT_TEXTS.bankUnverified,
  CHECKOUT_TEXTS.cardExpired,
]);

type FocusTarget = 'problem' | 'method' | 'invoices' | 'credit';

/** A problem the server found with the payment as a whole, or with how it is paid. */
interface Problem {
  lines: string[];
  /** The method it was about (a declined card): marked until another is chosen. */
  method?: string;
}

function PaymentForm({
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
  const navigate = useNavigate();
  const pay = usePayInvoices();
  const refreshLedger = useRefreshLedger();
  const id = useId();

  // The schema checks the invoices and credit memos on screen now (they change as the person chooses).
  const context = useRef<PaymentContext>({ invoices: chosen, memos });
  context.current = { invoices: chosen, memos };
  const resolver: Resolver<PaymentFormValues> = (values, resolverContext, options) =>
    zodResolver(paymentFormSchema(context.current))(values, resolverContext, options) as ReturnType<
      Resolver<PaymentFormValues>
    >;
  const form = useForm<PaymentFormValues>({
    resolver,
    defaultValues: { amounts: {}, credits: {}, method: '' },
    reValidateMode: 'onChange',
  });
  const { errors } = form.formState;
  const values = useWatch({ control: form.control }) as Partial<PaymentFormValues>;
  const plan = planOf(values, { invoices: chosen, memos });
  const { sums } = plan;

  // ---- Each invoice's amount is its payoff until the person changes it; a payoff the server changes since
  // (a refused payment, the discount's last day passing) replaces an amount nobody typed.
  const knownPayoffs = useRef(new Map<string, number>());
  const typed = useRef(new Set<string>());
  const payoffsKey = rows.map((invoice) => `${invoice.id}:${invoice.payoffAmount.amount}`).join();
  useEffect(() => {
    for (const invoice of rows) {
      const payoff = invoice.payoffAmount.amount;
      if (knownPayoffs.current.get(invoice.id) === payoff) continue;
      knownPayoffs.current.set(invoice.id, payoff);
      if (!typed.current.has(invoice.id) || !invoice.partialPaymentAllowed)
        form.setValue(`amounts.${invoice.id}`, centsToInput(payoff));
    }
    // `rows` is read through payoffsKey: a new list with the same payoffs changes nothing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [payoffsKey, form]);

  // ---- The main card or bank account is chosen for the person while it can pay.
  const usable = (methods ?? []).filter((method) => unusableReason(method) === null);
  const preferred = usable.find((method) => method.is_main) ?? usable[0];
  useEffect(() => {
    const current = form.getValues('method');
    if (preferred && (!current || !usable.some((method) => method.id === current)))
      form.setValue('method', preferred.id);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [preferred?.id, form]);

  // ---- One Idempotency-Key per attempt (lib/uuid.ts): the same payment sent again (a retry after no answer,
  // a server failure, 'still being processed') goes under the same key; the body is the attempt's fingerprint.
  const attempt = useAttemptKey();
  const sending = useRef(false);

  const [problem, setProblem] = useState<Problem | null>(null);
  const [invoicesProblem, setInvoicesProblem] = useState<string | null>(null);
  const problemRef = useRef<HTMLDivElement>(null);
  const methodProblemRef = useRef<HTMLDivElement>(null);
  const invoicesProblemRef = useRef<HTMLDivElement>(null);
  const creditRef = useRef<HTMLParagraphElement>(null);
  // A refusal takes the focus, so it is read first (spec 01 §8, WCAG); each request moves it again.
  const [focusRequest, setFocusRequest] = useState<{ target: FocusTarget; n: number } | null>(null);
  useEffect(() => {
    if (!focusRequest) return;
    const refs = { problem: problemRef, method: methodProblemRef, invoices: invoicesProblemRef, credit: creditRef };
    refs[focusRequest.target].current?.focus();
  }, [focusRequest]);
  const focus = (target: FocusTarget) => setFocusRequest((last) => ({ target, n: (last?.n ?? 0) + 1 }));

  const chosenMethod = values.method ?? '';
  const declined = problem?.method !== undefined && problem.method === chosenMethod;

  const submit = form.handleSubmit(async (checked) => {
    if (sending.current) return; // a second press while the first is on its way
    const current = planOf(checked, { invoices: chosen, memos });
    if (current.creditOverTotal) return focus('credit');
    if (declined) return focus('method');
    sending.current = true;
    setProblem(null);
    setInvoicesProblem(null);
    const body = requestOf(current, checked.method);
    const payment: PaymentAttempt = { body, key: attempt.keyFor(JSON.stringify(body)) };
    let receipt: Receipt;
    try {
      receipt = await pay.mutateAsync(payment);
    } catch (error) {
      refused(error, payment);
      return;
    } finally {
      sending.current = false;
    }
    saveReceipt(receipt);
    attempt.forget();
    onPaid();
    await navigate(PAYMENT_COMPLETE_PATH, { replace: true });
  });

  function refused(error: unknown, payment: PaymentAttempt) {
    // No answer, a server failure, or the first try still running: the outcome is not known, so the
    // attempt keeps its key and Pay again asks the server what became of it.
    if (!(error instanceof ApiError)) {
      setProblem({ lines: [PAYMENT_TEXTS.noAnswer] });
      return focus('problem');
    }
    if (error.status >= 500 || error.body?.detail === BILLING_TEXTS.inProgress) {
      setProblem({ lines: alertLinesFor(error) });
      return focus('problem');
    }
    // Refused: nothing was paid, so the next try is a new attempt.
    attempt.forget();
    const detail = error.body?.detail ?? '';
    if (error.body?.code === PAYMENT_ERROR) {
      // spec 02 §8: the processor's words as sent; the method is marked; nothing changed.
      setProblem({ lines: [detail], method: payment.body.paymentMethodId ?? undefined });
      return focus('method');
    }
    if (error.body?.code === PARTIAL_PAYMENT_NOT_ALLOWED) {
      void refreshLedger();
      setInvoicesProblem(BILLING_TEXTS.partialNotAllowed);
      return focus('invoices');
    }
    const validation = error.body?.validation;
    if (validation?.length) {
      const rest = validation.filter((entry) => !showFieldError(entry, payment));
      if (rest.length) {
        setProblem({ lines: alertLinesFor({ message: { validation: rest } }) });
        focus('problem');
      }
      return;
    }
    if (METHOD_REFUSALS.has(detail)) {
      onRetryMethods();
      form.setError('method', { type: 'server', message: detail }, { shouldFocus: true });
      return;
    }
    // The ledger moved (paid elsewhere, a credit memo used, the amounts changed): show it as it is now.
    if (error.status === 409 || error.status === 404 || error.status === 400) void refreshLedger();
    setProblem({ lines: alertLinesFor(error) });
    focus('problem');
  }

  /** A `{ validation }` entry of the server under its field; false when the form has no such field. */
  function showFieldError(entry: { field: string; messages: string[] }, payment: PaymentAttempt): boolean {
    const message = entry.messages[0] ?? '';
    const invoice = /^invoices\.(\d+)\.paymentAmount$/.exec(entry.field);
    const memo = /^creditMemos\.(\d+)\.(?:amount|id)$/.exec(entry.field);
    const invoiceId = invoice ? payment.body.invoices[Number(invoice[1])]?.id : undefined;
    const memoId = memo ? payment.body.creditMemos?.[Number(memo[1])]?.id : undefined;
    if (invoiceId) form.setError(`amounts.${invoiceId}`, { type: 'server', message }, { shouldFocus: true });
    else if (memoId) form.setError(`credits.${memoId}.amount`, { type: 'server', message }, { shouldFocus: true });
    else if (entry.field === 'paymentMethodId')
      form.setError('method', { type: 'server', message }, { shouldFocus: true });
    else return false;
    return true;
  }

  const busy = pay.isPending;
  const chosenSet = new Set(chosen.map((invoice) => invoice.id));
  const methodError = errors.method?.message;

  return (
    <FormLayout
      className="payment-layout"
      summaryTitle="Summary"
      onSubmit={(event) => void submit(event)}
      summary={
        <>
          <dl className="ledger-sums">
            <dt>Invoices ({chosen.length})</dt>
            <dd>{formatMoney(sums.invoices)}</dd>
            {sums.discount > 0 && (
              <>
                <dt className="summary-saving">Early-pay discount taken</dt>
                <dd className="summary-saving">{formatMoney(sums.discount)}</dd>
              </>
            )}
            <dt>Credit applied</dt>
            <dd>{sums.credit > 0 ? `−${formatMoney(sums.credit)}` : formatMoney(0)}</dd>
            <dt className="ledger-sums-total">To charge</dt>
            <dd className="ledger-sums-total">{formatMoney(sums.charge)}</dd>
          </dl>
          {sums.discount > 0 && (
            <p className="muted small">The discount is already taken off the amounts of the invoices it applies to.</p>
          )}
          {problem && problem.method === undefined && <ProblemAlert focusRef={problemRef} lines={problem.lines} />}
          <button
            type="submit"
            className="button button-primary form-layout-submit"
            disabled={busy || chosen.length === 0}
            aria-busy={busy || undefined}
          >
            {busy ? 'Paying…' : sums.charge > 0 ? `Pay ${formatMoney(sums.charge)}` : 'Pay with credit'}
          </button>
          <p className="payment-status" role="status" aria-live="polite">
            {busy ? 'Paying… Please keep this page open.' : ''}
          </p>
          {chosen.length === 0 && <p className="muted small">Choose at least one invoice to pay.</p>}
        </>
      }
    >
      <section className="form-section" aria-labelledby={`${id}-invoices`}>
        <h2 id={`${id}-invoices`} className="form-section-title">
          Invoices
        </h2>
        {notes.map((note) => (
          <p key={note} className="notice payment-note">
            {note}
          </p>
        ))}
        {chosen.length === 0 && (
          <p className="notice payment-none">
            No invoices chosen yet. Tick the ones to pay below, or choose them in the{' '}
            <Link to="/invoice">invoice list</Link>.
          </p>
        )}
        {invoicesProblem && (
          <div ref={invoicesProblemRef} className="alert alert-error" role="alert" tabIndex={-1}>
            <div className="alert-content">
              <p>{invoicesProblem}</p>
            </div>
          </div>
        )}
        <div className="table-scroll">
          <table className="card-table ledger-table pay-table">
            <caption className="visually-hidden">Unpaid invoices, due soonest first</caption>
            <thead>
              <tr>
                <th scope="col" className="select-cell">
                  <span className="visually-hidden">Pay</span>
                </th>
                <th scope="col">Invoice #</th>
                <th scope="col">Due date</th>
                <th scope="col" className="num">
                  Open
                </th>
                <th scope="col" className="num">
                  Payoff today
                </th>
                <th scope="col" className="num">
                  Amount to pay
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((invoice) => (
                <InvoiceRow
                  key={invoice.id}
                  invoice={invoice}
                  chosen={chosenSet.has(invoice.id)}
                  disabled={busy}
                  form={form}
                  error={errors.amounts?.[invoice.id]?.message}
                  onChoose={(yes) => onChoose(invoice.id, yes)}
                  onTyped={() => typed.current.add(invoice.id)}
                />
              ))}
            </tbody>
          </table>
        </div>
        {totalUnpaid > rows.length && (
          <p className="muted small">
            The {countOf(rows.length, 'invoice')} due soonest are listed of {totalUnpaid}; choose others in the{' '}
            <Link to="/invoice?status=unpaid">invoice list</Link>.
          </p>
        )}
      </section>

      <fieldset className="form-section" disabled={busy}>
        <legend>
          <h2 className="form-section-title">Credit memos</h2>
        </legend>
        {memosFailed ? (
          <LoadError what="your credit memos" onRetry={onRetryMemos} />
        ) : memosLoading ? (
          <p className="muted">Loading credit memos…</p>
        ) : memos.length === 0 ? (
          <p className="muted">No open credit memos to apply.</p>
        ) : (
          <ul className="credit-choices">
            {memos.map((memo) => (
              <CreditRow
                key={memo.id}
                memo={memo}
                applied={Boolean(values.credits?.[memo.id]?.apply)}
                form={form}
                error={errors.credits?.[memo.id]?.amount?.message}
                startAmount={() => creditToApply(memo, planOf(form.getValues(), { invoices: chosen, memos }))}
              />
            ))}
          </ul>
        )}
        {plan.creditOverTotal && (
          <p ref={creditRef} className="field-error" tabIndex={-1}>
            {BILLING_TEXTS.creditOverTotal}
          </p>
        )}
      </fieldset>

      <fieldset
        className="form-section"
        disabled={busy}
        aria-describedby={
          [methodError && `${id}-method-error`, declined && `${id}-declined`].filter(Boolean).join(' ') || undefined
        }
      >
        <legend>
          <h2 className="form-section-title">Pay with</h2>
        </legend>
        {chosen.length > 0 && sums.charge === 0 ? (
          <p className="notice">The credit covers it all: nothing is charged.</p>
        ) : methodsFailed ? (
          <LoadError what="your cards and bank accounts" onRetry={onRetryMethods} />
        ) : !methods ? (
          <p className="muted">Loading cards and bank accounts…</p>
        ) : methods.length === 0 ? (
          <p>
            No card or bank account on file. <Link to="/billing">Add one under Billing</Link>, then come back.
          </p>
        ) : (
          <div className="choices">
            {methods.map((method) => {
              const reason = unusableReason(method);
              const invalid = problem?.method === method.id;
              return (
                <label
                  key={method.id}
                  className={[
                    'choice',
                    chosenMethod === method.id && 'is-checked',
                    reason && 'is-disabled',
                    invalid && 'is-invalid',
                  ]
                    .filter(Boolean)
                    .join(' ')}
                >
                  <input
                    type="radio"
                    value={method.id}
                    disabled={reason !== null}
                    {...form.register('method', { onChange: () => setProblem(null) })}
                  />
                  <span className="pay-choice-body">
                    <span className="choice-title">{paymentMethodName(method)}</span>
                    {method.is_main && <span className="badge">Main</span>}
                    {method.type === 'CARD' && method.expiration_date && (
                      <span className="pay-choice-detail"> · Expires {method.expiration_date}</span>
                    )}
                    {method.type === 'BANK_ACCOUNT' && method.bank && (
                      <span className="pay-choice-detail"> · {method.bank.bankName}</span>
                    )}
                    {reason && <span className="pay-choice-detail"> · {reason}</span>}
                    {invalid && <span className="choice-flag"> · Not accepted</span>}
                  </span>
                </label>
              );
            })}
          </div>
        )}
        {methodError && (
          <p id={`${id}-method-error`} className="field-error">
            {methodError}
          </p>
        )}
        {problem?.method !== undefined && (
          <ProblemAlert id={`${id}-declined`} focusRef={methodProblemRef} lines={problem.lines}>
            <p>Nothing was paid. Choose another card or bank account, or add one under Billing.</p>
          </ProblemAlert>
        )}
        <p className="muted small">
          <Link to="/billing">Add or verify a card or bank account under Billing</Link>
        </p>
      </fieldset>
    </FormLayout>
  );
}

type Form = ReturnType<typeof useForm<PaymentFormValues>>;

/** One unpaid invoice: a box to choose it and, once chosen, the amount to pay on it. */
function InvoiceRow({
  invoice,
  chosen,
  disabled,
  form,
  error,
  onChoose,
  onTyped,
}: {
  invoice: Invoice;
  chosen: boolean;
  disabled: boolean;
  form: Form;
  error: string | undefined;
  onChoose: (yes: boolean) => void;
  onTyped: () => void;
}) {
  const id = useId();
  const discount = discountOf(invoice);
  const terms = invoice.early_pay_discount_details[0];
  const amount = useWatch({ control: form.control, name: `amounts.${invoice.id}` });
  const payoff = invoice.payoffAmount.amount;
  const amountCents = amount === undefined ? payoff : parseDollars(amount);
  const fullPayoff = amountCents !== null && amountCents >= payoff;
  const noteId = `${id}-note`;
  const errorId = `${id}-error`;
  return (
    <tr className={chosen ? 'is-chosen' : undefined}>
      <td className="select-cell" data-label="Pay">
        <input
          type="checkbox"
          aria-label={`Pay ${invoice.number}`}
          checked={chosen}
          disabled={disabled}
          onChange={(event) => onChoose(event.currentTarget.checked)}
        />
      </td>
      <th scope="row" className="ledger-number">
        <Link to={`/invoice/${invoice.id}`}>{invoice.number}</Link>
      </th>
      <td data-label="Due date">
        <span>
          {formatDay(invoice.due_date)} {invoice.status === 'pastDue' && <InvoiceStatusBadge status="pastDue" />}
        </span>
      </td>
      <td data-label="Open" className="num">
        {formatMoney(invoice.open_amount.amount)}
      </td>
      <td data-label="Payoff today" className="num">
        {formatMoney(payoff)}
        {discount > 0 && terms && (
          <span className="discount-note">
            {percentOf(terms.discount_bp)} off until {formatDay(terms.last_day)}
          </span>
        )}
      </td>
      <td data-label="Amount to pay" className="num amount-cell">
        {chosen ? (
          <div className={`amount-field${error ? ' has-error' : ''}`}>
            <label htmlFor={`${id}-amount`} className="visually-hidden">
              Amount to pay on {invoice.number}
            </label>
            <span className="amount-input">
              <span aria-hidden="true">$</span>
              <input
                id={`${id}-amount`}
                type="text"
                inputMode="decimal"
                autoComplete="off"
                defaultValue={centsToInput(payoff)}
                readOnly={!invoice.partialPaymentAllowed}
                disabled={disabled}
                aria-invalid={error ? true : undefined}
                aria-describedby={[error && errorId, noteId].filter(Boolean).join(' ')}
                {...form.register(`amounts.${invoice.id}`, { onChange: onTyped })}
              />
            </span>
            <span id={noteId} className="amount-note">
              {!invoice.partialPaymentAllowed
                ? 'Paid in full only'
                : discount > 0
                  ? fullPayoff
                    ? `${formatMoney(discount)} discount included`
                    : 'Partial payment: no discount'
                  : fullPayoff
                    ? 'Pays it off'
                    : 'Partial payment'}
            </span>
            {error && (
              <span id={errorId} className="field-error">
                {error}
              </span>
            )}
          </div>
        ) : (
          <span className="muted">Not chosen</span>
        )}
      </td>
    </tr>
  );
}

/** One open credit memo: a box to apply it and, once ticked, how much of it. */
function CreditRow({
  memo,
  applied,
  form,
  error,
  startAmount,
}: {
  memo: CreditMemo;
  applied: boolean;
  form: Form;
  error: string | undefined;
  startAmount: () => string;
}) {
  const id = useId();
  return (
    <li className={`credit-choice${applied ? ' is-checked' : ''}`}>
      <label className="checkbox">
        <input
          type="checkbox"
          {...form.register(`credits.${memo.id}.apply`, {
            onChange: (event: { target: { checked: boolean } }) => {
              if (event.target.checked) form.setValue(`credits.${memo.id}.amount`, startAmount());
            },
          })}
        />
        <span>
          Apply <strong>{memo.number}</strong> · {formatMoney(memo.amount_left.amount)} left
          <span className="muted"> · {memo.reason}</span>
        </span>
      </label>
      {applied && (
        <div className={`amount-field${error ? ' has-error' : ''}`}>
          <label htmlFor={`${id}-amount`}>Amount to apply from {memo.number}</label>
          <span className="amount-input">
            <span aria-hidden="true">$</span>
            <input
              id={`${id}-amount`}
              type="text"
              inputMode="decimal"
              autoComplete="off"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              {...form.register(`credits.${memo.id}.amount`)}
            />
          </span>
          {error && (
            <span id={`${id}-error`} className="field-error">
              {error}
            </span>
          )}
        </div>
      )}
    </li>
  );
}
