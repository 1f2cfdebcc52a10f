/**
 * What follows an accepted submission (requirements WIDGET-STATES Form submit): a redirect when the form
 * action type is 1 or a redirect URL exists, with merge fields from the contact filled in
 * URL-encoded and only http(s) followed, unless redirects are off (`redirect=false`);
 * else the thank-you message. Pure.
 */
import { redirectTarget } from '../../lib/links';
import { fillMergeUrl } from '../../lib/merge-fields';
import type { FormAction } from '../../schemas/form';
import { DEFAULT_THANK_YOU_TEXT } from '../../schemas/form';

export type AfterSubmit = { kind: 'redirect'; url: string } | { kind: 'thank-you'; text: string };

export function afterSubmit(
  form: { formAction: FormAction; redirect_url: string },
  contact: Readonly<Record<string, unknown>>,
  options: { redirect: boolean; defaultThankYou?: string; now: Date },
): AfterSubmit {
  const action = form.formAction;
  const url = action.redirect_url || form.redirect_url;
  const wantsRedirect = String(action.actionType) === '1' || url !== '';
  if (wantsRedirect && options.redirect && url) {
    const target = redirectTarget(fillMergeUrl(url, { now: options.now, contact }));
    if (target) return { kind: 'redirect', url: target };
  }
  const seller = action.thankyouText && action.thankyouText !== DEFAULT_THANK_YOU_TEXT ? action.thankyouText : '';
  return { kind: 'thank-you', text: seller || options.defaultThankYou || DEFAULT_THANK_YOU_TEXT };
}
