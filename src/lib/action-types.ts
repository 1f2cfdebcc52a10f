/*
 * The click actions of buttons, images and svgs (requirements PAGE-DATA), as the renderer writes them in
 * `data-action`, with the data attributes each one reads (docs/contracts/islands.md).
 */

/** Every action a clickable element can carry. */
export const ACTIONS = [
  'go-to-next-funnel-step',
  'go-to-funnel-step',
  'url',
  'openPopup',
  'hide-element',
  'scroll-to-element',
  'sell-product',
  'click-to-call',
  'click-to-sms',
  'mailto',
  'none',
  'go-to-membership',
] as const;

/** One action name. */
export type ActionName = (typeof ACTIONS)[number];

/** True for a known action name. */
export function isActionName(value: string): value is ActionName {
  return (ACTIONS as readonly string[]).includes(value);
}

/** Actions that navigate with the element's own href and show the busy spinner while leaving. */
export const STEP_ACTIONS: ReadonlySet<ActionName> = new Set(['go-to-next-funnel-step', 'go-to-funnel-step']);
