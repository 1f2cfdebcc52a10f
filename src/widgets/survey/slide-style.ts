/**
 * A slide's own button (requirements WIDGET-ROWS, `slide.button`): the colours, border,
 * radius and padding it sets win over the form's button for that slide's arrows and submit
 * button; what it leaves out stays the form's.
 */
import type { FormButton } from '../../schemas/form';
import type { SurveySlide } from '../../schemas/survey';
import { buttonCssVars } from '../form/form-style';

const given = (record: Readonly<Record<string, unknown>> | undefined) =>
  Object.fromEntries(Object.entries(record ?? {}).filter(([, value]) => value !== undefined && value !== ''));

/** The slide's button custom properties, or undefined when the slide sets nothing of its own. */
export function slideButtonVars(form: FormButton, slide: SurveySlide | undefined): Record<string, string> | undefined {
  const own = slide?.button;
  if (!own) return undefined;
  const border = given(own.border);
  if (!own.background && !own.color && Object.keys(border).length === 0) return undefined;
  return buttonCssVars({
    background: own.background || form.background,
    color: own.color || form.color,
    border: { ...form.border, ...border },
  });
}
