/*
 * A stand-in for Cloudflare Turnstile's browser script
 * (https://challenges.cloudflare.com/turnstile/v0/api.js), for runs without internet: the
 * browser tests route the script URL here. It speaks the part of the API the widgets use,
 * `turnstile.render(element, {sitekey, callback, 'expired-callback', 'error-callback'})`,
 * `remove(id)`, `reset(id)` and `getResponse(id)`, and behaves as Cloudflare's test site
 * keys do: `1x…` passes at once, `2x…` fails, `3x…` shows a challenge the visitor must
 * tick. A passed challenge hands the dummy token Cloudflare's test keys give,
 * `XXXX.DUMMY.TOKEN.XXXX`, also in a hidden `cf-turnstile-response` input as the real
 * widget writes it into its form.
 */
(() => {
  const TOKEN = 'XXXX.DUMMY.TOKEN.XXXX';
  const widgets = new Map();
  let next = 0;

  function pass(w) {
    w.token = TOKEN;
    w.input.value = TOKEN;
    w.status.textContent = 'Success!';
    w.box.dataset.turnstile = 'passed';
    if (typeof w.options.callback === 'function') w.options.callback(TOKEN);
  }

  function fail(w) {
    w.status.textContent = 'Verification failed';
    w.box.dataset.turnstile = 'failed';
    if (typeof w.options['error-callback'] === 'function') w.options['error-callback']('110200');
  }

  window.turnstile = {
    render(element, options) {
      const host = typeof element === 'string' ? document.querySelector(element) : element;
      const id = `cf-stand-in-${++next}`;
      const box = document.createElement('div');
      box.className = 'cf-turnstile-stand-in';
      box.dataset.turnstile = 'pending';
      const status = document.createElement('span');
      status.setAttribute('role', 'status');
      const input = document.createElement('input');
      input.type = 'hidden';
      input.name = 'cf-turnstile-response';
      const w = { id, box, status, input, options, token: '' };
      const key = String(options.sitekey || '');
      if (key.startsWith('3x')) {
        const label = document.createElement('label');
        const tick = document.createElement('input');
        tick.type = 'checkbox';
        tick.addEventListener('change', () => tick.checked && pass(w));
        label.append(tick, ' Verify you are human');
        box.append(label);
      }
      box.append(status, input);
      host.append(box);
      widgets.set(id, w);
      if (key.startsWith('1x')) queueMicrotask(() => pass(w));
      else if (key.startsWith('2x')) queueMicrotask(() => fail(w));
      return id;
    },
    remove(id) {
      widgets.get(id)?.box.remove();
      widgets.delete(id);
    },
    reset(id) {
      const w = widgets.get(id);
      if (!w) return;
      w.token = '';
      w.input.value = '';
      w.status.textContent = '';
      w.box.dataset.turnstile = 'pending';
    },
    getResponse(id) {
      return widgets.get(id)?.token;
    },
  };
})();
