/**
 * The order form island's props from the element's settings and the render context
 * (server side): the seller's texts with merge fields filled, the enabled order bumps,
 * the location's country and publishable key, and the translated strings.
 */
import type { TFunction } from 'i18next';
import type { OrderExtra } from '../../elements/one-step-order/schema';
import { saleFollowUp } from '../../tree/action-markup';
import { imageUrl } from '../../tree/images';
import { stepLinks } from '../../tree/links';
import type { RenderContext } from '../../tree/context';
import { formStrings } from '../form/strings';
import type { CheckoutStrings, OrderFormProps } from './types';

export function checkoutStrings(t: TFunction): CheckoutStrings {
  const tree = t('checkout:fields', { returnObjects: true }) as CheckoutStrings['fields'];
  return {
    stepOf: t('checkout:stepOf', { step: '{{step}}', total: '{{total}}' }),
    fields: tree,
    defaults: t('checkout:defaults', { returnObjects: true }) as CheckoutStrings['defaults'],
    interval: t('checkout:interval', { returnObjects: true }) as CheckoutStrings['interval'],
    noProducts: t('checkout:noProducts'),
    productsFailed: t('checkout:productsFailed'),
    noPrimary: t('checkout:noPrimary'),
    missingSecret: t('checkout:missingSecret'),
    paymentFailed: t('checkout:paymentFailed'),
    paymentServerFailed: t('checkout:paymentServerFailed', { status: '{{status}}' }),
    postSale: t('checkout:postSale'),
    unavailable: t('checkout:unavailable'),
    contactKept: t('checkout:contactKept'),
    saveDetails: t('checkout:saveDetails'),
    processing: t('checkout:processing'),
    redirecting: t('checkout:redirecting'),
    securePayment: t('checkout:securePayment'),
  };
}

export function orderFormProps(id: string, layout: OrderFormProps['layout'], extra: OrderExtra, ctx: RenderContext): OrderFormProps {
  const doc = ctx.doc as RenderContext['doc'] & { locationCode?: string; funnelName?: string; stripePublishableKey?: { key?: string } | null };
  const bumps = extra.showOrderBump
    ? extra.bumpProduct
        .filter((bump) => bump.enable && bump.id)
        .map((bump) => ({
          id: bump.id,
          headline: bump.headline,
          otoHeadline: bump.otoHeadline,
          otoText: bump.otoText,
          imageUrl: imageUrl(typeof bump.image === 'string' ? bump.image : bump.image.url, ctx.cdnBase),
        }))
    : [];
  return {
    id,
    layout,
    funnelName: typeof doc.funnelName === 'string' ? doc.funnelName : '',
    lang: ctx.lang,
    ...(ctx.uiLang ? { uiLang: ctx.uiLang } : {}),
    country: (doc.locationCode || 'US').toUpperCase(),
    publishableKey: doc.stripePublishableKey?.key?.startsWith('pk_') ? doc.stripePublishableKey.key : '',
    step1: {
      showCompanyName: extra.step1.showCompanyName,
      showPhone: extra.step1.showPhone,
      showShipping: extra.step1.showShipping,
      placeholders: extra.step1.placeholders,
      buttonText: extra.step1.buttonText,
      headline: ctx.text(extra.step1.headline),
      subHeadline: ctx.text(extra.step1.subHeadline),
      footerText: ctx.text(extra.step1.footerText),
      // Shown as typed (escaped as text, no merge fields): the consent record keeps this exact text.
      consentText: extra.step1.consentText,
    },
    // Only the keys the island uses: the builder's other keys stay on the server.
    step2: {
      headline: extra.step2.headline,
      itemText: extra.step2.itemText,
      priceText: extra.step2.priceText,
      summaryText: extra.step2.summaryText,
      totalText: extra.step2.totalText,
      enablePostalCode: extra.step2.enablePostalCode,
      linkText: extra.step2.linkText,
      buttonText: extra.step2.buttonText,
      termsText: extra.step2.termsText,
    },
    stickyContact: extra.stickyContact,
    forceContactCreate: extra.forceContactCreate,
    validateEmail: extra.validateEmail,
    bumps,
    saleAction: extra.saleAction,
    saleTarget: saleFollowUp({ ...extra }, stepLinks({ doc: ctx.doc, host: ctx.host, query: ctx.query }))['data-sale-target'] ?? '',
    strings: checkoutStrings(ctx.t),
    formStrings: formStrings(ctx.t),
  };
}
