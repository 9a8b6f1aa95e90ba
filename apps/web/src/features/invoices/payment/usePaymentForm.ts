import { useEffect, useRef } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { PaymentCard } from '@portal/contracts';
import type { CreditMemo, Invoice } from '@portal/contracts/billing';
import { centsToInput } from '../format.ts';
import { paymentFormSchema, planOf, type PaymentContext, type PaymentFormValues } from '../paymentPlan.ts';
import { unusableReason } from './methods.ts';

/**
 * The payment form (react-hook-form over paymentPlan.ts's schema): each chosen invoice's amount starts at its
 * payoff, the main usable card or bank account is chosen for the person, and the plan follows what is typed.
 */
export function usePaymentForm({
  rows,
  chosen,
  memos,
  methods,
}: {
  rows: Invoice[];
  chosen: Invoice[];
  memos: CreditMemo[];
  methods: PaymentCard[] | undefined;
}) {
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
  const values = useWatch({ control: form.control }) as Partial<PaymentFormValues>;
  const plan = planOf(values, { invoices: chosen, memos });

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

  return {
    form,
    values,
    plan,
    /** The person typed an amount for this invoice: a new payoff no longer replaces it. */
    markTyped: (invoiceId: string) => typed.current.add(invoiceId),
  };
}
export type PaymentForm = ReturnType<typeof usePaymentForm>['form'];
