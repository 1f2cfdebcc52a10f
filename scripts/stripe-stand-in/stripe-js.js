/*
 * A stand-in for Stripe.js (https://js.stripe.com/…/stripe.js) for browser tests and local
 * demos without internet. It implements the parts the order form and the booking widget
 * use: Stripe(pk), stripe.elements(), elements.create('card'), element.mount / on('change'
 * | 'ready' | 'focus' | 'blur') / update / clear / focus / unmount / destroy, and
 * stripe.confirmCardSetup(clientSecret, { payment_method: { card, billing_details } }).
 * It talks to https://api.stripe.com with the publishable key, as Stripe.js does (tests
 * route that host to the Stripe API stand-in), and shows the 3-D Secure test dialog
 * ("Complete authentication" / "Fail authentication") when a card needs it.
 * Card errors use Stripe's wording.
 */
(() => {
  const API = 'https://api.stripe.com';

  const luhn = (digits) => {
    let sum = 0;
    for (let i = 0; i < digits.length; i++) {
      let d = Number(digits[digits.length - 1 - i]);
      if (i % 2 === 1) {
        d *= 2;
        if (d > 9) d -= 9;
      }
      sum += d;
    }
    return sum % 10 === 0;
  };

  /** The card's state in Stripe's change-event shape. */
  function cardState(number, expiry, cvc) {
    const digits = number.replace(/\D/g, '');
    const exp = /^(\d{1,2})\s*\/\s*(\d{2})$/.exec(expiry.trim());
    const empty = !digits && !expiry.trim() && !cvc.trim();
    let error;
    if (digits.length >= 16 && !luhn(digits)) error = { type: 'validation_error', code: 'invalid_number', message: 'Your card number is invalid.' };
    else if (exp) {
      const month = Number(exp[1]);
      const year = 2000 + Number(exp[2]);
      const now = new Date();
      if (month < 1 || month > 12) error = { type: 'validation_error', code: 'invalid_expiry_month', message: "Your card's expiration date is incomplete." };
      else if (year < now.getFullYear())
        error = { type: 'validation_error', code: 'invalid_expiry_year_past', message: "Your card's expiration year is in the past." };
      else if (year === now.getFullYear() && month < now.getMonth() + 1)
        error = { type: 'validation_error', code: 'invalid_expiry_month_past', message: "Your card's expiration date is in the past." };
    }
    const complete = !error && digits.length >= 15 && luhn(digits) && Boolean(exp) && /^\d{3,4}$/.test(cvc.trim());
    return {
      elementType: 'card',
      empty,
      complete,
      error,
      brand: digits.startsWith('4') ? 'visa' : 'unknown',
      value: { number: digits, expiry: expiry.trim(), cvc: cvc.trim() },
    };
  }

  function incompleteError(state) {
    const { number, expiry, cvc } = state.value;
    if (number.length < 15) return { type: 'validation_error', code: 'incomplete_number', message: 'Your card number is incomplete.' };
    if (!/^\d{1,2}\s*\/\s*\d{2}$/.test(expiry))
      return { type: 'validation_error', code: 'incomplete_expiry', message: "Your card's expiration date is incomplete." };
    if (!/^\d{3,4}$/.test(cvc)) return { type: 'validation_error', code: 'incomplete_cvc', message: "Your card's security code is incomplete." };
    return null;
  }

  function createCard(options) {
    const listeners = {};
    let root = null;
    let state = cardState('', '', '');
    const emit = (name, payload) => {
      for (const fn of listeners[name] ?? []) fn(payload);
    };
    const field = (label, autocomplete, placeholder, mode) => {
      const input = document.createElement('input');
      input.setAttribute('aria-label', label);
      input.setAttribute('autocomplete', autocomplete);
      input.setAttribute('inputmode', mode);
      input.placeholder = placeholder;
      input.className = 'stripe-standin-input';
      input.style.cssText = 'border:0;outline:0;font:inherit;color:inherit;background:transparent;min-width:0;';
      return input;
    };
    const inputs = {
      number: field('Card number', 'cc-number', '1234 1234 1234 1234', 'numeric'),
      expiry: field('Expiration date MM / YY', 'cc-exp', 'MM / YY', 'numeric'),
      cvc: field('CVC', 'cc-csc', 'CVC', 'numeric'),
    };
    inputs.number.style.flex = '1 1 10em';
    inputs.expiry.style.flex = '0 1 5em';
    inputs.cvc.style.flex = '0 1 3.5em';
    const onInput = () => {
      state = cardState(inputs.number.value, inputs.expiry.value, inputs.cvc.value);
      const { value, ...event } = state;
      emit('change', event);
    };
    for (const input of Object.values(inputs)) {
      input.addEventListener('input', onInput);
      input.addEventListener('focus', () => emit('focus', { elementType: 'card' }));
      input.addEventListener('blur', () => emit('blur', { elementType: 'card' }));
    }
    const element = {
      _isCard: true,
      get _state() {
        return state;
      },
      mount(target) {
        root = typeof target === 'string' ? document.querySelector(target) : target;
        if (!root) throw new Error('Stripe stand-in: mount target not found');
        const box = document.createElement('div');
        box.className = 'StripeElement stripe-standin-card';
        box.style.cssText = 'display:flex;gap:8px;flex-wrap:wrap;';
        if (options?.style?.base?.fontSize) box.style.fontSize = options.style.base.fontSize;
        box.append(inputs.number, inputs.expiry, inputs.cvc);
        root.append(box);
        setTimeout(() => emit('ready', { elementType: 'card' }), 0);
      },
      on(name, fn) {
        listeners[name] = [...(listeners[name] ?? []), fn];
        return element;
      },
      off(name, fn) {
        listeners[name] = (listeners[name] ?? []).filter((f) => f !== fn);
        return element;
      },
      update() {},
      focus() {
        inputs.number.focus();
      },
      blur() {},
      clear() {
        for (const input of Object.values(inputs)) input.value = '';
        onInput();
      },
      unmount() {
        root?.querySelector('.stripe-standin-card')?.remove();
      },
      destroy() {
        element.unmount();
      },
    };
    return element;
  }

  function authenticationDialog() {
    return new Promise((resolve) => {
      const dialog = document.createElement('dialog');
      dialog.setAttribute('aria-label', '3D Secure test authentication');
      dialog.className = 'stripe-standin-3ds';
      dialog.innerHTML =
        '<p><strong>3D Secure 2 Test Page</strong></p><p>This is a test authentication. Complete or fail it.</p>' +
        '<button type="button" data-result="complete">Complete authentication</button> <button type="button" data-result="fail">Fail authentication</button>';
      document.body.append(dialog);
      dialog.addEventListener('click', (event) => {
        const result = event.target?.getAttribute?.('data-result');
        if (!result) return;
        dialog.close();
        dialog.remove();
        resolve(result);
      });
      dialog.showModal();
    });
  }

  function stripeFor(publishableKey) {
    if (typeof publishableKey !== 'string' || !publishableKey.startsWith('pk_')) throw new Error('Invalid API Key provided: expected a publishable key (pk_…)');
    const call = async (path, params) => {
      const response = await fetch(`${API}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${publishableKey}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(params),
      });
      const body = await response.json();
      return response.ok ? { ok: body } : { error: body.error ?? { type: 'api_error', message: 'An unexpected error occurred.' } };
    };
    return {
      elements() {
        const created = {};
        return {
          create(type, options) {
            if (type !== 'card') throw new Error(`Stripe stand-in: element type ${type} is not supported`);
            created[type] = createCard(options);
            return created[type];
          },
          getElement(type) {
            return created[type] ?? null;
          },
        };
      },
      async confirmCardSetup(clientSecret, data) {
        const card = data?.payment_method?.card;
        const id = String(clientSecret).split('_secret_')[0];
        if (!card?._isCard)
          return { error: { type: 'invalid_request_error', message: 'Invalid value for confirmCardSetup: payment_method.card should be a card Element.' } };
        const incomplete = card._state.error ?? incompleteError(card._state);
        if (incomplete) return { error: incomplete };
        try {
          const [month, year] = card._state.value.expiry.split('/').map((s) => s.trim());
          const billing = data.payment_method.billing_details ?? {};
          const pm = await call('/v1/payment_methods', {
            type: 'card',
            'card[number]': card._state.value.number,
            'card[exp_month]': month,
            'card[exp_year]': `20${year}`,
            'card[cvc]': card._state.value.cvc,
            ...(billing.name ? { 'billing_details[name]': billing.name } : {}),
            ...(billing.email ? { 'billing_details[email]': billing.email } : {}),
            ...(billing.address?.postal_code ? { 'billing_details[address][postal_code]': billing.address.postal_code } : {}),
          });
          if (pm.error) return { error: pm.error };
          const confirmed = await call(`/v1/setup_intents/${id}/confirm`, { payment_method: pm.ok.id, client_secret: clientSecret });
          if (confirmed.error) return { error: confirmed.error };
          if (confirmed.ok.status !== 'requires_action') return { setupIntent: confirmed.ok };
          const result = await authenticationDialog();
          const authenticated = await call(`/v1/setup_intents/${id}/authenticate`, { result });
          return authenticated.error ? { error: authenticated.error } : { setupIntent: authenticated.ok };
        } catch {
          return {
            error: {
              type: 'api_connection_error',
              message: 'We are experiencing issues connecting to our payments provider. Please check your internet connection.',
            },
          };
        }
      },
    };
  }
  stripeFor.version = 'endive';
  window.Stripe = stripeFor;
})();
