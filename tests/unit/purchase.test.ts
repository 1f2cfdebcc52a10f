import { describe, expect, it } from 'vitest';
import { PURCHASE_PAGE_CSP, takesPurchase } from '../../src/tree/purchase';

describe('which pages take a purchase (frame-ancestors of their own site only)', () => {
  const button = (action: string) => ({ id: 'b', meta: 'button', extra: { text: 'Go', action } });

  it('finds an order form of either layout, and a payment button, image, svg or menu item that sells', () => {
    expect(takesPurchase([{ id: 'o', meta: 'one-step-order', extra: {} }])).toBe(true);
    expect(takesPurchase([{ id: 'o', meta: 'two-setp-order' }])).toBe(true);
    expect(takesPurchase([button('go-to-next-funnel-step'), button(' sell-product ')])).toBe(true);
    expect(takesPurchase([{ id: 'i', meta: 'image', extra: { imageActions: { type: 'sell-product', productId: { id: 'p' } } } }])).toBe(true);
    expect(takesPurchase([{ id: 'm', meta: 'menu', extra: { menuItems: [{ id: 'mi', action: 'sell-product' }] } }])).toBe(true);
    expect(PURCHASE_PAGE_CSP).toBe("frame-ancestors 'self'");
  });

  it('leaves other pages frameable, whatever their text says', () => {
    expect(takesPurchase([button('go-to-next-funnel-step'), { id: 'p', meta: 'paragraph', extra: { text: 'sell-product' } }])).toBe(false);
    expect(takesPurchase([{ id: 'f', meta: 'form', extra: { formId: 'form_1' } }])).toBe(false);
    expect(takesPurchase(undefined)).toBe(false);
    expect(takesPurchase([null, 7, { meta: 42 }])).toBe(false);
  });
});
