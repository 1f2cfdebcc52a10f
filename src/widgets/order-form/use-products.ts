/**
 * The products of this funnel step (GET /stripe/funnel/product/list), and the visitor's
 * choice: primary products (the first chosen at start) and the seller's enabled order
 * bumps (unchosen at start). A one-step form gets the list from its server render
 * (`initial`, src/widgets/order-form/server-products.ts), so it shows the products before its
 * code loads and does not ask again; otherwise the list is fetched once the island runs. A
 * failed list shows the server's msg in an alert and is reported (requirements PAGE-ERRORS).
 */
import { useEffect, useMemo, useState } from 'react';
import { readFunnelContext } from '../../client/context';
import { reportFailure } from '../../client/report-failure';
import { callApi, refusalText } from '../../client/api';
import { paymentsRoutes, type ProductView } from '../../schemas/calls/payments-routes';
import type { BumpOffer } from './types';

export type ProductsState =
  | { kind: 'loading' }
  | { kind: 'ready'; primary: ProductView[]; bumps: { offer: BumpOffer; product: ProductView }[] }
  | { kind: 'failed'; message: string };

/** The list as the form shows it: primary products, and the seller's enabled bumps that are bump products of the list. */
function readyState(list: ProductView[], bumpOffers: BumpOffer[]): Extract<ProductsState, { kind: 'ready' }> {
  const byId = new Map(list.map((product) => [product.id, product]));
  const primary = list.filter((product) => !product.bumpProduct);
  const bumps = bumpOffers.flatMap((offer) => {
    const product = byId.get(offer.id);
    return product?.bumpProduct ? [{ offer, product }] : [];
  });
  return { kind: 'ready', primary, bumps };
}

/** The first primary product is chosen at start. */
const firstChoice = (state: ProductsState): ReadonlySet<string> => new Set(state.kind === 'ready' && state.primary[0] ? [state.primary[0].id] : []);

export function useProducts(funnelId: string, stepId: string, bumpOffers: BumpOffer[], failedText: string, initial?: ProductView[]) {
  const [state, setState] = useState<ProductsState>(() => (initial ? readyState(initial, bumpOffers) : { kind: 'loading' }));
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => firstChoice(state));

  useEffect(() => {
    if (!funnelId || initial) return;
    let cancelled = false;
    callApi(paymentsRoutes.productList, { query: { funnel_id: funnelId, step_id: stepId || undefined } }).then((answer) => {
      if (cancelled) return;
      if (answer.kind !== 'ok' || !Array.isArray(answer.body)) {
        const message = answer.kind === 'ok' ? failedText : refusalText(answer, failedText);
        reportFailure(
          window,
          'product-list',
          answer.kind === 'refused' ? `${answer.status} ${answer.msg ?? ''}` : answer.kind,
          readFunnelContext(document).pageId,
          { funnelId, stepId },
        );
        window.alert(message);
        setState({ kind: 'failed', message });
        return;
      }
      const ready = readyState(answer.body, bumpOffers);
      setState(ready);
      setChosen(firstChoice(ready));
    });
    return () => {
      cancelled = true;
    };
  }, [funnelId, stepId, bumpOffers, failedText, initial]);

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
