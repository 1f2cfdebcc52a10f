/**
 * The styles of the interactive elements, for a funnel page to inline only those its
 * elements need: the form, survey, booking and order-form styles are a third of all page
 * CSS, and a page without those elements should not carry them in its first bytes. Widget
 * pages import the same files as ordinary CSS. Each island element names the sheets it
 * needs in its definition (`sheets`); they are inlined in the order below, the cascade order
 * the page has always had (order form and video, then booking, form and survey; form rules
 * after the order form's).
 */
import bookingCss from '../widgets/booking/booking.css?inline';
import formCss from '../widgets/form/form.css?inline';
import surveyCss from '../widgets/survey/survey.css?inline';
import orderFormCss from '../widgets/order-form/order-form.css?inline';
import videoCss from '../widgets/video/video.css?inline';
import { elementDefinition } from './registry';

const SHEETS = { orderForm: orderFormCss, video: videoCss, booking: bookingCss, form: formCss, survey: surveyCss } as const;

/** A stylesheet an island needs (its own and what it renders inside). */
export type IslandSheet = keyof typeof SHEETS;
const ORDER = Object.keys(SHEETS) as IslandSheet[];

/** The sheets the elements with these metas need, in cascade order. */
export function islandSheets(metas: ReadonlySet<string>): IslandSheet[] {
  const wanted = new Set<IslandSheet>();
  for (const meta of metas) for (const sheet of elementDefinition(meta)?.sheets ?? []) wanted.add(sheet);
  return ORDER.filter((sheet) => wanted.has(sheet));
}

/** The CSS the elements with these metas need, in cascade order; '' when none. */
export function islandStyles(metas: ReadonlySet<string>): string {
  return islandSheets(metas)
    .map((sheet) => SHEETS[sheet])
    .join('\n');
}
