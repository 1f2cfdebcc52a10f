/**
 * The captcha field. With a Turnstile site key it shows Cloudflare Turnstile (explicit
 * render): unverified until Turnstile hands a token, verified after; the token expires and
 * is single use, so expiry and errors go back to unverified. The server verifies the token
 * again. Without a site key the form relies on the built-in spam defence (honeypot, fill
 * time, signed token, rate limit), and the field only says the form is protected.
 */
import { useEffect, useRef, useState } from 'react';
import type { FieldProps } from '../types';

export const TURNSTILE_SCRIPT_URL = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';

interface Turnstile {
  render(el: HTMLElement, options: Record<string, unknown>): string;
  remove(id: string): void;
}
type TurnstileWindow = Window & { turnstile?: Turnstile };

let loading: Promise<Turnstile> | undefined;

function loadTurnstile(): Promise<Turnstile> {
  const win = window as TurnstileWindow;
  if (win.turnstile) return Promise.resolve(win.turnstile);
  loading ??= new Promise<Turnstile>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = TURNSTILE_SCRIPT_URL;
    script.async = true;
    script.onload = () => (win.turnstile ? resolve(win.turnstile) : reject(new Error('turnstile missing')));
    script.onerror = () => {
      loading = undefined;
      script.remove();
      reject(new Error('turnstile failed to load'));
    };
    document.head.appendChild(script);
  });
  return loading;
}

export function CaptchaField(p: FieldProps) {
  const box = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const { turnstileSiteKey: siteKey, onCaptcha, lang } = p.env;
  useEffect(() => {
    if (!siteKey || !box.current) return;
    let widget: string | undefined;
    let live = true;
    loadTurnstile()
      .then((turnstile) => {
        if (!live || !box.current) return;
        setState('ready');
        widget = turnstile.render(box.current, {
          sitekey: siteKey,
          language: lang,
          callback: (token: string) => onCaptcha?.(token),
          'expired-callback': () => onCaptcha?.(null),
          'error-callback': () => onCaptcha?.(null),
        });
      })
      .catch(() => live && setState('failed'));
    return () => {
      live = false;
      if (widget) (window as TurnstileWindow).turnstile?.remove(widget);
    };
  }, [siteKey, onCaptcha, lang]);
  if (!siteKey) return <p className="ef-captcha-note">{p.env.strings.ui.captchaBuiltIn}</p>;
  return (
    <div className="ef-captcha" data-captcha-state={state}>
      <div ref={box} />
      {state === 'loading' && <p className="ef-captcha-note">{p.env.strings.ui.captchaLoading}</p>}
      {state === 'failed' && (
        <p className="ef-error" role="alert">
          {p.env.strings.ui.captchaUnavailable}
        </p>
      )}
    </div>
  );
}
