/*
 * The payment button (action sell-product, docs/contracts/islands.md §2): one click buys
 * the button's product with the card the visitor paid with earlier in this funnel
 * (submission type 3, source payment_button). The server decides whether that is allowed
 * (its httpOnly proof cookie travels with the call). A failure ends the busy state with a
 * message next to the button. A paid sale runs the button's sale action (requirements
 * PAGE-STATES-1): to the next or a chosen step or a URL (the button is released as the page
 * leaves, so it works again when the visitor comes back), or an in-page action (a popup,
 * hiding or scrolling to elements, the member area, a call or an email), after which the
 * button stays disabled: the product is bought. Its strings load with the first failure, in
 * the page's language, so pages without a sale pay nothing for them.
 */
import { saleTarget } from '../lib/checkout/sale-target';
import { fillTemplate } from '../lib/template';
import { isValidFingerprint, newFingerprint } from '../lib/ids';
import { FINGERPRINT_COOKIE } from '../lib/tracking/fingerprint';
import { type PayRequest, paymentsRoutes } from '../schemas/calls/payments-routes';
import { callApi, refusalText } from './api';
import { settleBusy } from './busy';
import { reportFailure } from './report-failure';
import { completeSale } from './checkout/after-sale';
import { readFunnelContext } from './context';
import { getCookie } from './cookie-jar';
import { SELL_PRODUCT_EVENT, type SellProductDetail } from './sell-product-event';

interface ButtonMessages {
  failed: string;
  serverFailed: string;
  postSale: string;
}

const ENGLISH: ButtonMessages = {
  failed: 'The purchase could not be completed. Please try again.',
  serverFailed: 'The payment could not be completed: the server answered with an error ({{status}}). Please try again in a moment.',
  postSale: 'Order successfully placed! However, Something went wrong while displaying this webpage, please contact the seller.',
};

async function messagesFor(lang: string): Promise<ButtonMessages> {
  try {
    // Inside the function: a bundler without import.meta.glob (a test's esbuild) still loads the module.
    const locales = import.meta.glob<ButtonMessages>('../../locales/*/checkout.json', { import: 'button' });
    const load = locales[`../../locales/${lang.toLowerCase()}/checkout.json`];
    return { ...ENGLISH, ...(load ? await load() : {}) };
  } catch {
    return ENGLISH;
  }
}

/** The message element after the button, tied to it by aria-describedby. */
function showMessage(button: HTMLElement, text: string): void {
  const doc = button.ownerDocument;
  const id = `${button.id || 'ef-sale'}-message`;
  let message = doc.getElementById(id);
  if (!message) {
    message = doc.createElement('p');
    message.id = id;
    message.className = 'ef-sale-message';
    message.setAttribute('role', 'alert');
    // Pages with a payment button need no style sheet of their own for this one message.
    message.style.cssText =
      'margin:8px auto 0;max-width:36rem;padding:8px 12px;border-radius:4px;background:#fef3f2;color:#912018;font-weight:600;text-align:center;';
    button.insertAdjacentElement('afterend', message);
    button.setAttribute('aria-describedby', [button.getAttribute('aria-describedby'), id].filter(Boolean).join(' '));
  }
  message.textContent = text;
}

async function sell(detail: SellProductDetail, doc: Document, win: Window): Promise<void> {
  const context = readFunnelContext(doc);
  const stored = getCookie(FINGERPRINT_COOKIE);
  const request: PayRequest = {
    fingerprint: isValidFingerprint(stored) ? stored : newFingerprint(),
    productList: [detail.productId],
    locationId: context.locationId,
    funnelId: context.funnelId,
    stepId: context.stepId,
    ...(context.pageId ? { pageId: context.pageId } : {}),
    source: 'payment_button',
    submissionType: 3,
  };
  doc.getElementById(`${detail.element.id || 'ef-sale'}-message`)?.replaceChildren();
  const answer = await callApi(paymentsRoutes.pay, { json: request });
  const messages = answer.kind === 'ok' ? null : await messagesFor(doc.documentElement.lang || 'en');
  if (answer.kind !== 'ok') {
    reportFailure(
      win,
      'payment',
      answer.kind === 'refused' ? `payment button: ${answer.status} ${answer.msg ?? ''}` : `payment button: ${String(answer.error)}`,
      context.pageId,
    );
    // Without the server's message, say what failed: the server (with its status), or the connection.
    const failed =
      answer.kind === 'refused'
        ? fillTemplate(messages?.serverFailed ?? ENGLISH.serverFailed, { status: answer.status })
        : (messages?.failed ?? ENGLISH.failed);
    showMessage(detail.element, refusalText(answer, failed));
    detail.release();
    return;
  }
  const saleAction = detail.element.dataset.saleAction || 'go-to-next-funnel-step';
  const written = detail.element.dataset.saleTarget ?? '';
  const target = saleTarget(saleAction, written, win.location.search);
  // An action that stays on the page; a tel:, sms: or mailto: address opens the visitor's app.
  const inPage = !target && saleAction !== 'go-to-next-funnel-step' && saleAction !== 'go-to-funnel-step' && saleAction !== 'url';
  const followUp = inPage ? () => (/^(tel|sms|mailto):/.test(written) ? win.location.assign(written) : detail.followUp(saleAction)) : undefined;
  const postSale = target || inPage ? ENGLISH.postSale : (await messagesFor(doc.documentElement.lang || 'en')).postSale;
  const redirected = completeSale(win, {
    answer: answer.body,
    locationId: context.locationId,
    pixelEvent: 'Upsell',
    target,
    postSaleMessage: postSale,
    followUp,
  });
  if (redirected) detail.release();
  else settleBusy(detail.element);
}

if (typeof document !== 'undefined') {
  document.addEventListener(SELL_PRODUCT_EVENT, (event) => {
    const detail = (event as CustomEvent<SellProductDetail>).detail;
    if (detail?.productId) void sell(detail, document, window);
  });
}
