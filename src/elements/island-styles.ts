/**
 * The styles of the interactive elements, for a funnel page to inline only those its
 * elements need: the form, survey, booking and order-form styles are a third of all page
 * CSS, and a page without those elements should not carry them in its first bytes. Widget
 * pages import the same files as ordinary CSS. The order is the cascade order the page has
 * always had (order form and video, then booking, form and survey; form rules after the
 * order form's).
 */
import bookingCss from '../widgets/booking/booking.css?inline';
import formCss from '../widgets/form/form.css?inline';
import surveyCss from '../widgets/survey/survey.css?inline';
import orderFormCss from '../widgets/order-form/order-form.css?inline';
import videoCss from '../widgets/video/video.css?inline';

const SHEETS = { orderForm: orderFormCss, video: videoCss, booking: bookingCss, form: formCss, survey: surveyCss } as const;
type Sheet = keyof typeof SHEETS;
const ORDER = Object.keys(SHEETS) as Sheet[];

/** The sheets each interactive element needs (its island and what the island renders inside). */
const SHEETS_OF: Readonly<Record<string, readonly Sheet[]>> = {
  form: ['form'],
  survey: ['form', 'survey'],
  calendar: ['booking', 'form'],
  'one-step-order': ['orderForm', 'form'],
  'two-setp-order': ['orderForm', 'form'],
  video: ['video'],
};

/** The CSS the elements with these metas need, in cascade order; '' when none. */
export function islandStyles(metas: ReadonlySet<string>): string {
  const wanted = new Set<Sheet>();
  for (const meta of metas) for (const sheet of SHEETS_OF[meta] ?? []) wanted.add(sheet);
  return ORDER.filter((sheet) => wanted.has(sheet))
    .map((sheet) => SHEETS[sheet])
    .join('\n');
}
