import type { UseMutationResult } from '@tanstack/react-query';
import type { Checkout } from '@portal/contracts';

/** A choice of spec 02 §4 (an address, a shipping method) saved by id: its answer is the re-priced checkout. */
export type ChoiceMutation = UseMutationResult<Checkout, Error, string>;

/** What a choice shows: the value on its way while it is saved, else the one the checkout holds. */
export const shownChoice = (choice: ChoiceMutation, held: string | null) =>
  choice.isPending ? choice.variables : held;
