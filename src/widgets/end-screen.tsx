/**
 * An end screen (a survey's thank-you or disqualified text, a form's thank-you, a cancelled
 * meeting): it replaces the controls the visitor was on, so it takes the focus, and as a
 * status region it is read out. Without the focus, Tab would start again from the top of
 * the page, or find nothing.
 */
import { type ReactNode, useEffect, useRef } from 'react';

export interface EndScreenProps {
  className: string;
  children: ReactNode;
  /** Extra attributes for tests and styling (data-*). */
  data?: Record<`data-${string}`, string>;
  style?: React.CSSProperties;
}

export function FocusedEnd({ className, children, data, style }: EndScreenProps) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.focus({ preventScroll: false }), []);
  return (
    <div ref={box} className={`${className} ef-end`} role="status" tabIndex={-1} style={style} {...data}>
      {children}
    </div>
  );
}
