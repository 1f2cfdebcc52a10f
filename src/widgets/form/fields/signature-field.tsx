/**
 * The signature pad (loaded only for forms with a signature field): a grey pen; the
 * drawing is saved as a PNG file named with a timestamp when the pointer leaves the pad
 * or a touch ends (requirements FIELD-RULES, WIDGET-LIMITS), and Clear removes it.
 */
import SignaturePad from 'signature_pad';
import { useEffect, useRef } from 'react';
import type { FieldProps } from '../types';

const PEN_COLOR = '#6b7280';

function toPngFile(dataUrl: string, now: number): File {
  const bytes = Uint8Array.from(atob(dataUrl.split(',')[1] ?? ''), (c) => c.charCodeAt(0));
  return new File([bytes], `signature_${now}.png`, { type: 'image/png' });
}

export default function SignatureField(p: FieldProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  const onFiles = useRef(p.onFiles);
  onFiles.current = p.onFiles;

  useEffect(() => {
    const el = canvas.current;
    if (!el) return;
    const ratio = Math.max(window.devicePixelRatio || 1, 1);
    el.width = el.offsetWidth * ratio;
    el.height = el.offsetHeight * ratio;
    el.getContext('2d')?.scale(ratio, ratio);
    const signature = new SignaturePad(el, { penColor: PEN_COLOR });
    pad.current = signature;
    const save = () => {
      if (!signature.isEmpty()) onFiles.current([toPngFile(signature.toDataURL('image/png'), Date.now())]);
    };
    el.addEventListener('mouseleave', save);
    el.addEventListener('touchend', save);
    // Pointer input other than mouse and touch (pen, keyboard users of assistive tech) saves at the end of a stroke.
    signature.addEventListener('endStroke', save);
    return () => {
      el.removeEventListener('mouseleave', save);
      el.removeEventListener('touchend', save);
      signature.off();
    };
  }, []);

  return (
    <div className="ef-signature">
      <canvas
        ref={canvas}
        className="ef-signature__pad"
        id={p.inputId}
        role="img"
        tabIndex={0}
        aria-label={p.env.strings.ui.signatureArea}
        aria-invalid={p.error ? true : undefined}
        aria-describedby={p.describedBy}
      />
      <button
        type="button"
        className="ef-link"
        onClick={() => {
          pad.current?.clear();
          p.onFiles([]);
        }}
      >
        {p.env.strings.ui.clear}
      </button>
      {p.files.length > 0 && (
        <span className="ef-sr-only" aria-live="polite">
          {p.files[0]?.name}
        </span>
      )}
    </div>
  );
}
