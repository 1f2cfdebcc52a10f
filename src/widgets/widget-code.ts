/**
 * The seller's custom code of a widget page (requirements WIDGET-ROUTES catch-all): header code, body
 * tracking code and footer code, read from the widget's document (top level, or its form
 * body) under the builder's key names.
 */
export interface WidgetCode {
  headerCode: string;
  bodyCode: string;
  footerCode: string;
}

const KEYS: Record<keyof WidgetCode, readonly string[]> = {
  headerCode: ['headerCode', 'customHeaderCode', 'header_code'],
  bodyCode: ['bodyTrackingCode', 'trackingCode', 'body_tracking_code'],
  footerCode: ['footerCode', 'customFooterCode', 'footer_code'],
};

export function widgetCode(...sources: unknown[]): WidgetCode {
  const read = (keys: readonly string[]) => {
    for (const source of sources) {
      if (!source || typeof source !== 'object') continue;
      for (const key of keys) {
        const value = (source as Record<string, unknown>)[key];
        if (typeof value === 'string' && value.trim()) return value;
      }
    }
    return '';
  };
  return { headerCode: read(KEYS.headerCode), bodyCode: read(KEYS.bodyCode), footerCode: read(KEYS.footerCode) };
}
