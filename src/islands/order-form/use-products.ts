/**
 * The products of this funnel step (GET /stripe/funnel/product/list), and the visitor's
 * choice: primary products (the first chosen at start) and the seller's enabled order
 * bumps (unchosen at start). A failed list shows the server's msg in an alert and is
 * reported (requirements PAGE-ERRORS).
 */
import { useEffect, useMemo, useState } from 'react';
import { CHECKOUT_PATHS, getJson, type ProductOffer } from '../../lib/checkout/calls';
import type { BumpOffer } from './types';

export type ProductsState = { kind: 'loading' } | { kind: 'ready'; primary: ProductOffer[]; bumps: { offer: BumpOffer; product: ProductOffer }[] } | { kind: 'failed'; message: string };

export function useProducts(funnelId: string, stepId: string, bumpOffers: BumpOffer[], failedText: string) {
  const [state, setState] = useState<ProductsState>({ kind: 'loading' });
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());

  useEffect(() => {
    if (!funnelId) return;
    let cancelled = false;
    const query = new URLSearchParams({ funnel_id: funnelId, ...(stepId ? { step_id: stepId } : {}) });
    getJson<ProductOffer[]>(`${CHECKOUT_PATHS.products}?${query}`).then((answer) => {
      if (cancelled) return;
      if (answer.kind !== 'ok' || !Array.isArray(answer.body)) {
        const message = answer.kind === 'refused' && answer.msg ? answer.msg : failedText;
        console.error('order form: the product list failed', answer);
        window.alert(message);
        setState({ kind: 'failed', message });
        return;
      }
      const byId = new Map(answer.body.map((product) => [product.id, product]));
      const primary = answer.body.filter((product) => !product.bumpProduct);
      const bumps = bumpOffers.flatMap((offer) => {
        const product = byId.get(offer.id);
        return product?.bumpProduct ? [{ offer, product }] : [];
      });
      setState({ kind: 'ready', primary, bumps });
      setChosen(new Set(primary[0] ? [primary[0].id] : []));
    });
    return () => {
      cancelled = true;
    };
  }, [funnelId, stepId, bumpOffers, failedText]);

  const chosenProducts = useMemo(() => {
    if (state.kind !== 'ready') return [];
    return [...state.primary, ...state.bumps.map((bump) => bump.product)].filter((product) => chosen.has(product.id));
  }, [state, chosen]);

  const toggle = (id: string, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return { state, chosen, chosenProducts, toggle };
}
