/**
 * The signature pad (loaded only for forms with a signature field): a grey pen; the
 * drawing is saved as a PNG file named with a timestamp when the pointer leaves the pad
 * or a touch ends (requirements FIELD-RULES, WIDGET-LIMITS), and Clear removes it.
 * Without a pointer, the visitor types their name instead: it is written on the pad in a
 * handwriting face and saved as the same PNG, so the server takes it as any signature.
 * A name typed in the server's input before this code arrived is taken when it mounts, as
 * the file field takes files chosen early.
 */
import SignaturePad from 'signature_pad';
import { useEffect, useId, useRef, useState } from 'react';
import type { FieldProps } from '../types';

const PEN_COLOR = '#6b7280';
const TYPED_FONT = 'italic 28px "Brush Script MT", "Segoe Script", cursive';

/** Writes a typed name across the pad, as a signature image (the pad's own drawing is cleared first). */
function writeName(el: HTMLCanvasElement, pad: SignaturePad | null, name: string) {
  pad?.clear();
  const ctx = el.getContext('2d');
  if (!ctx || !name) return;
  ctx.save();
  ctx.fillStyle = PEN_COLOR;
  ctx.font = TYPED_FONT;
  ctx.textBaseline = 'middle';
  ctx.fillText(name, 16, el.offsetHeight / 2, Math.max(el.offsetWidth - 32, 40));
  ctx.restore();
}

function toPngFile(dataUrl: string, now: number): File {
  const bytes = Uint8Array.from(atob(dataUrl.split(',')[1] ?? ''), (c) => c.charCodeAt(0));
  return new File([bytes], `signature_${now}.png`, { type: 'image/png' });
}

export default function SignatureField(p: FieldProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  const onFiles = useRef(p.onFiles);
  onFiles.current = p.onFiles;
  const typedId = useId();
  const [typed, setTyped] = useState('');
  const typedInput = useRef<HTMLInputElement>(null);

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
      if (signature.isEmpty()) return;
      setTyped('');
      onFiles.current([toPngFile(signature.toDataURL('image/png'), Date.now())]);
    };
    el.addEventListener('mouseleave', save);
    el.addEventListener('touchend', save);
    // Pointer input other than mouse and touch (pen, keyboard users of assistive tech) saves at the end of a stroke.
    signature.addEventListener('endStroke', save);
    // A name typed before this code arrived (React kept it in the input, unheard).
    const early = typedInput.current?.value.trim() ?? '';
    if (early) {
      setTyped(typedInput.current?.value ?? '');
      writeName(el, signature, early);
      onFiles.current([toPngFile(el.toDataURL('image/png'), Date.now())]);
    }
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
          setTyped('');
          p.onFiles([]);
        }}
      >
        {p.env.strings.ui.clear}
      </button>
      <label className="ef-signature__typed-label" htmlFor={typedId}>
        {p.env.strings.ui.typeSignature}
      </label>
      <input
        ref={typedInput}
        id={typedId}
        className="ef-input ef-signature__typed"
        type="text"
        autoComplete="name"
        value={typed}
        aria-describedby={p.describedBy}
        onChange={(e) => {
          const name = e.target.value;
          setTyped(name);
          const el = canvas.current;
          if (!el) return;
          writeName(el, pad.current, name.trim());
          p.onFiles(name.trim() ? [toPngFile(el.toDataURL('image/png'), Date.now())] : []);
        }}
      />
      {p.files.length > 0 && (
        <span className="ef-sr-only" aria-live="polite">
          {p.files[0]?.name}
        </span>
      )}
    </div>
  );
}
