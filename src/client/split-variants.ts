/*
 * A widget framed on another site cannot read the split-test cookies of the page around it, and
 * its own calls, to its own origin from a third-party frame, carry no cookies of that page.
 * The embed loader hands them over in its hello (src/widgets/embed/protocol.ts); they are kept
 * on the document (shared by the page script and every island bundle) and every API call sends
 * them in `x-ef-variants` (src/client/api.ts), which the server reads beside the Cookie header
 * (src/platform/services/experiment-tags.ts).
 */

/** The header the relayed variants travel in. */
export const VARIANTS_HEADER = 'x-ef-variants';
const VARIANTS = /^ef_x_[A-Za-z0-9_-]{1,64}=[A-Za-z0-9_-]{1,64}(?:; ef_x_[A-Za-z0-9_-]{1,64}=[A-Za-z0-9_-]{1,64}){0,19}$/;

/** Keeps the parent page's variant cookies (`ef_x_a=b; ef_x_c=d`), when well-formed, for the widget's calls. */
export function relaySplitVariants(doc: Document, variants: unknown): void {
  if (typeof variants === 'string' && VARIANTS.test(variants)) doc.documentElement.dataset.efVariants = variants;
}

/** The variants to relay with a call, or ''. */
export function relayedSplitVariants(doc: Document | undefined): string {
  return doc?.documentElement.dataset.efVariants ?? '';
}
