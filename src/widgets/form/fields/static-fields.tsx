/**
 * Fields that show rather than ask: a heading, an image, seller HTML (trusted seller
 * content, inserted as given), and hidden values.
 */
import type { CSSProperties } from 'react';
import type { FieldProps } from '../types';
import { textOf } from './control';

const px = (v: unknown) => (typeof v === 'number' || (typeof v === 'string' && /^\d+$/.test(v)) ? `${v}px` : typeof v === 'string' ? v : undefined);

export function HeadingField({ field }: FieldProps) {
  const style: CSSProperties = {
    color: typeof field.color === 'string' ? field.color : undefined,
    fontSize: px(field.size),
    fontWeight: field.weight as CSSProperties['fontWeight'],
    textAlign: (field.align || undefined) as CSSProperties['textAlign'],
    fontFamily: field.font || undefined,
  };
  return (
    <h1 className="ef-heading" style={style}>
      {field.label}
    </h1>
  );
}

export function ImageField({ field }: FieldProps) {
  if (!field.url) return null;
  return (
    <div className="ef-image" style={{ textAlign: (field.align || 'center') as CSSProperties['textAlign'] }}>
      <img src={field.url} alt={field.alt} width={Number(field.width) || undefined} height={Number(field.height) || undefined} loading="lazy" />
    </div>
  );
}

export function HtmlField({ field }: FieldProps) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the seller's own HTML block (trusted seller content).
  return <div className="ef-html" dangerouslySetInnerHTML={{ __html: field.html }} />;
}

/** A hidden value travels as a hidden input (the no-JS form posts it too). */
export function HiddenField(p: FieldProps) {
  return <input type="hidden" name={p.name} value={textOf(p.value)} />;
}

/** The form draws its own submit button; a submit field only names it. */
export function Nothing() {
  return null;
}
