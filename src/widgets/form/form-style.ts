/**
 * The form's own styling as CSS custom properties on its container (requirements WIDGET-DATA Form
 * style and button): width, background, text colour, border, radius, top margin and the
 * button (defaults #188bf6, white, padding 15, radius 4, border 0, requirements WIDGET-LIMITS).
 */
import { readableText } from '../../lib/contrast';
import type { FormBody } from '../../schemas/form';

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

export function formCssVars(form: Pick<FormBody, 'width' | 'style' | 'button'>): Record<string, string> {
  const style = form.style;
  const border = style.border ?? {};
  const button = form.button;
  const buttonBorder = button.border ?? {};
  const buttonBg = cssToken(button.background, '#188bf6');
  const vars: Record<string, string> = {
    '--ef-form-width': cssSize(form.width, '100%'),
    '--ef-form-bg': cssToken(style.background, 'transparent'),
    '--ef-form-color': cssToken(style.color, 'inherit'),
    '--ef-form-border-width': cssSize(border.border, '0'),
    '--ef-form-border-style': cssToken(border.style, 'solid'),
    '--ef-form-border-color': cssToken(border.color, 'transparent'),
    '--ef-form-radius': cssSize(border.radius, '0'),
    '--ef-form-margin-top': cssSize(style.marginTop, '0'),
    '--ef-button-bg': buttonBg,
    '--ef-button-color': readableText(cssToken(button.color, '#ffffff'), buttonBg, BUTTON_TEXT_CONTRAST),
    '--ef-button-border-width': cssSize(buttonBorder.border, '0'),
    '--ef-button-border-color': cssToken(buttonBorder.color, 'transparent'),
    '--ef-button-radius': cssSize(buttonBorder.radius, '4px'),
    '--ef-button-padding': cssSize(buttonBorder.padding, '15px'),
  };
  return vars;
}

/** Inline layout puts fields side by side (the builder stores "inline" or "1"). */
export function isInlineLayout(layout: string): boolean {
  return layout === 'inline' || layout === '1';
}
