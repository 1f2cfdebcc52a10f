/**
 * The order form island's props from the element's settings and the render context
 * (server side): the seller's texts with merge fields filled, the enabled order bumps,
 * the location's country and publishable key, and the translated strings.
 */
import type { TFunction } from 'i18next';
import type { OrderExtra } from '../../elements/one-step-order/schema';
import { imageUrl } from '../../tree/images';
import type { RenderContext } from '../../tree/context';
import type { CheckoutStrings, OrderFormProps } from './types';

export function checkoutStrings(t: TFunction): CheckoutStrings {
  const tree = t('checkout:fields', { returnObjects: true }) as CheckoutStrings['fields'];
  return {
    form: t('checkout:form'),
    stepOf: t('checkout:stepOf', { step: '{{step}}', total: '{{total}}' }),
    fields: tree,
    defaults: t('checkout:defaults', { returnObjects: true }) as CheckoutStrings['defaults'],
    interval: t('checkout:interval', { returnObjects: true }) as CheckoutStrings['interval'],
    noProducts: t('checkout:noProducts'),
    productsFailed: t('checkout:productsFailed'),
    noPrimary: t('checkout:noPrimary'),
    missingSecret: t('checkout:missingSecret'),
    paymentFailed: t('checkout:paymentFailed'),
    postSale: t('checkout:postSale'),
    unavailable: t('checkout:unavailable'),
    contactKept: t('checkout:contactKept'),
    processing: t('checkout:processing'),
    redirecting: t('checkout:redirecting'),
    securePayment: t('checkout:securePayment'),
  };
}

export function orderFormProps(id: string, layout: OrderFormProps['layout'], extra: OrderExtra, ctx: RenderContext): OrderFormProps {
  const doc = ctx.doc as RenderContext['doc'] & { locationCode?: string; stripePublishableKey?: { key?: string } | null };
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
    lang: ctx.lang,
    country: (doc.locationCode || 'US').toUpperCase(),
    publishableKey: doc.stripePublishableKey?.key?.startsWith('pk_') ? doc.stripePublishableKey.key : '',
    step1: { ...extra.step1, headline: ctx.text(extra.step1.headline), subHeadline: ctx.text(extra.step1.subHeadline), footerText: ctx.text(extra.step1.footerText) },
    step2: extra.step2,
    stickyContact: extra.stickyContact,
    forceContactCreate: extra.forceContactCreate,
    validateEmail: extra.validateEmail,
    bumps,
    saleAction: extra.saleAction,
    strings: checkoutStrings(ctx.t),
  };
}
