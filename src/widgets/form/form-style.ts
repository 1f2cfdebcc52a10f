/**
 * The form's own styling as CSS custom properties on its container (requirements WIDGET-DATA Form
 * style and button): width, background, text colour, border, radius, top margin and the
 * button (defaults #188bf6, white, padding 15, radius 4, border 0, requirements WIDGET-LIMITS).
 */
import { readableText } from '../../lib/contrast';
import type { FormBody, FormButton } from '../../schemas/form';

/** The button label is large bold text (form.css), which WCAG asks 3:1 of. */
const BUTTON_TEXT_CONTRAST = 3;

/** A builder size: bare numbers are pixels. */
export function cssSize(value: unknown, fallback = ''): string {
  if (typeof value === 'number' && Number.isFinite(value)) return `${value}px`;
  if (typeof value === 'string' && /^\d+(\.\d+)?$/.test(value.trim())) return `${value.trim()}px`;
  return typeof value === 'string' && value.trim() ? value.trim() : fallback;
}

/** Keeps a seller colour or keyword; anything that could break out of the declaration is dropped. */
function cssToken(value: unknown, fallback = ''): string {
  return typeof value === 'string' && /^[#\w\s().,%-]+$/.test(value) ? value.trim() : fallback;
}

/** A seller colour: a bare hex ("2A3135", as builders store some) gets its #. */
function cssColor(value: unknown, fallback = ''): string {
  const token = cssToken(value, fallback);
  return /^([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i.test(token) ? `#${token}` : token;
}

/** The button's custom properties: colours (its text corrected to 3:1 on its background), border, radius, padding. */
export function buttonCssVars(button: Pick<FormButton, 'background' | 'color' | 'border'>): Record<string, string> {
  const border = button.border ?? {};
  const background = cssColor(button.background, '#188bf6');
  return {
    '--ef-button-bg': background,
    '--ef-button-color': readableText(cssColor(button.color, '#ffffff'), background, BUTTON_TEXT_CONTRAST),
    '--ef-button-border-width': cssSize(border.border, '0'),
    '--ef-button-border-color': cssColor(border.color, 'transparent'),
    '--ef-button-radius': cssSize(border.radius, '4px'),
    '--ef-button-padding': cssSize(border.padding, '15px'),
  };
}

export function formCssVars(form: Pick<FormBody, 'width' | 'style' | 'button'>): Record<string, string> {
  const style = form.style;
  const border = style.border ?? {};
  return {
    '--ef-form-width': cssSize(form.width, '100%'),
    '--ef-form-bg': cssColor(style.background, 'transparent'),
    '--ef-form-color': cssColor(style.color, 'inherit'),
    '--ef-form-border-width': cssSize(border.border, '0'),
    '--ef-form-border-style': cssToken(border.style, 'solid'),
    '--ef-form-border-color': cssColor(border.color, 'transparent'),
    '--ef-form-radius': cssSize(border.radius, '0'),
    '--ef-form-margin-top': cssSize(style.marginTop, '0'),
    ...buttonCssVars(form.button),
  };
}

/** Inline layout puts fields side by side (the builder stores "inline" or "1"). */
export function isInlineLayout(layout: string): boolean {
  return layout === 'inline' || layout === '1';
}
