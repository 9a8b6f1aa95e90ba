import type { ProductSummary, Session } from '@portal/contracts';
import { clampQuantity } from '@portal/contracts/cart-rules';
import { queryClient } from '../../lib/queryClient.ts';
import { sessionQuery } from '../session/index.ts';
import { createStore, useStore } from '../../components/store.ts';
import { registerClientStore } from '../../lib/clientStores.ts';

export interface QuickOrderLine {
  product: ProductSummary;
  quantity: number;
}

/**
 * The quick-order selection (spec 01 §2.5): products picked with a quantity, kept while the
 * user pages, filters and searches, until they clear it or sign out.
 */
export const quickOrderStore = createStore<ReadonlyMap<string, QuickOrderLine>>(new Map());

registerClientStore(() => quickOrderStore.set(new Map()));

// Picked lines carry prices: another user or business (spec 01 §4) starts an empty selection.
let lastScope: string | undefined;
queryClient.getQueryCache().subscribe((event) => {
  if (event.type !== 'updated' || event.query.queryKey[0] !== sessionQuery.queryKey[0]) return;
  const session = event.query.state.data as Session | undefined;
  if (!session) return;
  const scope = JSON.stringify([session.user?.id ?? null, session.selectedBusiness?.sapBpCode ?? null]);
  if (lastScope !== undefined && scope !== lastScope) quickOrderStore.set(new Map());
  lastScope = scope;
});

export const useQuickOrder = () => useStore(quickOrderStore);

export function toggleLine(product: ProductSummary, selected: boolean, quantity: number) {
  quickOrderStore.set((lines) => {
    const next = new Map(lines);
    if (selected) next.set(product.id, { product, quantity: clampQuantity(quantity) });
    else next.delete(product.id);
    return next;
  });
}

export function setLineQuantity(productId: string, quantity: number) {
  quickOrderStore.set((lines) => {
    const line = lines.get(productId);
    if (!line) return lines;
    return new Map(lines).set(productId, { ...line, quantity: clampQuantity(quantity) });
  });
}

export const clearQuickOrder = () => quickOrderStore.set(new Map());
