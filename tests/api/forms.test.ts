import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { platformApi } from '../../src/platform/app';
import { beforeAll, describe, expect, it } from 'vitest';
import { count, defended, get, type Loose, multipart, PDF, PNG, post, seedForm, seedLocation } from './forms-fixtures';

const FORM = {
  id: 'frm_1',
  locationId: 'loc_w',
  name: 'Lead form',
  form: {
    fields: [
      { tag: 'first_name', label: 'First Name', type: 'text', required: true },
      { tag: 'email', label: 'Email', type: 'email', required: true },
      { tag: 'phone', label: 'Phone', type: 'phone' },
      { tag: 'website', label: 'Website', type: 'text' },
      { tag: 'date_of_birth', label: 'Date of birth', type: 'date' },
      { tag: 'budget', label: 'Budget', type: 'numerical', fieldName: 'Budget' },
      { tag: 'interests', label: 'Interests', type: 'checkbox', picklistOptions: ['Yoga', 'Pilates'] },
      { tag: 'region', label: 'Region', fieldName: 'Region', type: 'cascade_dropdown', required: true, keylistOptions: ['Country', 'State'] },
      {
        tag: 'resume',
        label: 'Resume',
        fieldName: 'Resume',
        type: 'file_upload',
        picklistOptions: ['.pdf', '.png'],
        multipleFilesAllowed: true,
        multiFileLimit: 2,
      },
      { tag: 'heading', type: 'h1', label: 'Welcome' },
      { type: 'submit', label: 'Send' },
    ],
    button: { text: 'Send', background: '#188bf6' },
    formAction: { actionType: 2, thankyouText: 'Thanks!' },
  },
};

const GOOD = {
  formId: 'frm_1',
  first_name: 'Ann',
  email: 'Ann@Example.com',
  phone: '(202) 555-0123',
  website: 'example.com',
  date_of_birth: '1990-04-01',
  budget: '1200',
  interests: ['Yoga'],
  region: ['US', 'NY'],
};

beforeAll(async () => {
  await seedLocation();
  await seedForm(FORM);
  await seedForm({
    id: 'frm_captcha',
    locationId: 'loc_w',
    name: 'With captcha',
    form: {
      fields: [
        { tag: 'email', type: 'email', required: true },
        { tag: 'captcha', type: 'captcha' },
      ],
    },
  });
});

describe('GET /form/{form_id}', () => {
  it('answers the form with its fields, button, location and name', async () => {
    const res = await get('/form/frm_1');
    expect(res.status).toBe(200);
    const body = (await res.json()) as Loose;
    expect(body).toMatchObject({ locationId: 'loc_w', name: 'Lead form' });
    expect(body.form.fields).toHaveLength(11);
    expect(body.form.button).toMatchObject({ text: 'Send', background: '#188bf6', color: '#ffffff' });
    expect(body.form.formAction).toMatchObject({ thankyouText: 'Thanks!' });
  });

  it.each([
    ['nope', 404, 'Unable to find form'],
    ['..%2F..%2Fetc', 400, 'form_id: must be 1-64 letters, digits, _ or -'],
    ["x'%20OR%201=1--", 400, 'form_id: must be 1-64 letters, digits, _ or -'],
  ])('answers 4xx JSON for unknown or unsafe id %s', async (id, status, msg) => {
    const res = await get(`/form/${id}`);
    expect(res.status).toBe(status);
    expect(((await res.json()) as { msg: string }).msg).toBe(msg);
  });

  it('says Unable to find form for an unknown form', async () => {
    const res = await get('/form/frm_missing');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ msg: 'Unable to find form' });
  });
});

describe('POST /form', () => {
  it('stores the submission, upserts the contact, and keeps files in R2 under generated names', async () => {
    const resume = new File([PDF], '../../etc/passwd.pdf', { type: 'application/pdf' });
    const res = await post('/form', multipart(GOOD, { resume: [resume] }));
    expect(res.status).toBe(200);
    const body = (await res.json()) as Loose;
    expect(body).toMatchObject({ status: true, contact: { email: 'ann@example.com', first_name: 'Ann', phone: '+12025550123' } });
    expect(body.id).toMatch(/^sub_/);
    expect(body.fingerprint).toBeTruthy();
    expect(body.sessionId).toBeTruthy();
    expect(body.formData).toMatchObject({ website: 'https://example.com/', budget: 1200, region: ['US', 'NY'] });
    expect(body.formData.resume[0]).toMatchObject({ filename: 'passwd.pdf', size: PDF.byteLength, contentType: 'application/pdf' });

    const upload = await env.DB.prepare('SELECT * FROM uploads WHERE owner_id = ?').bind(body.id).first<Loose>();
    expect(upload?.object_key).toMatch(/^uploads\/loc_w\/form\/\d+-up_[a-z0-9]+\.pdf$/);
    const object = await env.UPLOADS.get(upload?.object_key);
    expect(new Uint8Array(await object!.arrayBuffer())).toEqual(PDF);
    expect(object?.httpMetadata?.contentDisposition).toMatch(/^attachment/);

    const sub = await env.DB.prepare('SELECT * FROM submissions WHERE id = ?').bind(body.id).first<Loose>();
    expect(sub).toMatchObject({ kind: 'form', ref_id: 'frm_1', location_id: 'loc_w', contact_id: body.contact.id });
  });

  it('answers 422 with every field error and writes nothing', async () => {
    const before = [await count('submissions'), await count('contacts'), await count('uploads')];
    const res = await post(
      '/form',
      multipart({
        formId: 'frm_1',
        first_name: ' ',
        email: 'not-an-email',
        phone: '123',
        website: 'not a site',
        date_of_birth: '2999-01-01',
        budget: 'lots',
        region: ['US', ''],
      }),
    );
    expect(res.status).toBe(422);
    const body = (await res.json()) as { msg: string; errors: { field: string; msg: string }[] };
    const byField = Object.fromEntries(body.errors.map((e) => [e.field, e.msg]));
    expect(byField).toEqual({
      first_name: 'Please fill in first name.',
      email: 'Invalid Email Address',
      phone: 'Invalid phone number',
      website: 'Please enter a valid website URL.',
      date_of_birth: 'Date cannot be in the future. Click the year to select a year from the past.',
      budget: 'Budget is not a valid number',
      region: 'Region is required',
    });
    expect(body.msg).toBe('Please fill in first name.');
    expect([await count('submissions'), await count('contacts'), await count('uploads')]).toEqual(before);
  });

  it('ignores the empty part of a file input left empty', async () => {
    const res = await post('/form', multipart({ ...GOOD, email: 'empty-file@example.com' }, { resume: [new File([], '')] }));
    expect(res.status).toBe(200);
    expect(((await res.json()) as Loose).formData.resume).toBeUndefined();
  });

  it('refuses files whose bytes do not match their extension', async () => {
    const fake = new File([new TextEncoder().encode('<script>alert(1)</script>')], 'cv.pdf', { type: 'application/pdf' });
    const res = await post('/form', multipart(GOOD, { resume: [fake] }));
    expect(res.status).toBe(422);
    expect(((await res.json()) as { msg: string }).msg).toBe('cv.pdf - File format is not supported');
  });

  it('refuses extensions outside the list and more files than allowed', async () => {
    const exe = await post('/form', multipart(GOOD, { resume: [new File([PDF], 'run.exe')] }));
    expect(((await exe.json()) as { msg: string }).msg).toBe('Resume - File format is not supported');
    const three = [1, 2, 3].map((i) => new File([PNG], `p${i}.png`));
    const many = await post('/form', multipart(GOOD, { resume: three }));
    expect(many.status).toBe(422);
    expect(((await many.json()) as { msg: string }).msg).toBe('The field only allows a maximum of 2 files');
  });

  it('refuses attachments over 50 MB in total', async () => {
    // Two files of 25 MB + 60 kB: over 52428800 bytes, within the request limit.
    const half = new Uint8Array(25 * 1024 * 1024 + 60_000);
    half.set(PDF);
    const files = [new File([half], 'a.pdf'), new File([half], 'b.pdf')];
    const before = await count('uploads');
    const res = await post('/form', multipart(GOOD, { resume: files }));
    expect(res.status).toBe(422);
    expect(((await res.json()) as { msg: string }).msg).toBe('The total size of the attached files cannot be more that 50MB');
    expect(await count('uploads')).toBe(before);
  }, 30_000);

  it.each([
    ['no body', undefined, 415, 'Expected a multipart/form-data body'],
    ['no formData part', new FormData(), 400, 'formData: a JSON string part is required'],
    ['formData that is not JSON', multipart('{nope'), 400, 'formData: not valid JSON'],
    ['a formId of the wrong type', multipart({ formId: 42 }), 400, 'formId: Invalid type: Expected string but received 42'],
    ['no formId', multipart({ first_name: 'A' }), 400, 'formId: Invalid key: Expected "formId" but received undefined'],
    ['an unsafe formId', multipart({ formId: "../x' OR 1=1" }), 400, 'formId: must be 1-64 letters, digits, _ or -'],
    ['an unknown form', multipart({ formId: 'frm_nope' }), 404, 'Unable to find form'],
  ])('answers 4xx JSON for %s and writes nothing', async (_name, body, status, msg) => {
    const before = await count('submissions');
    const res = await post('/form', body as BodyInit | undefined);
    expect(res.status).toBe(status);
    expect(((await res.json()) as { msg: string }).msg).toBe(msg);
    expect(await count('submissions')).toBe(before);
  });

  it('answers only what the visitor submitted about an existing contact', async () => {
    await post('/form', multipart({ ...GOOD, email: 'owner@example.com', phone: '+1 202 555 0177' }));
    const res = await post('/form', multipart({ formId: 'frm_1', first_name: 'Eve', email: 'owner@example.com', region: ['US', 'CA'] }));
    const body = (await res.json()) as Loose;
    expect(body.contact.phone).toBeUndefined();
    expect(body.contact).toMatchObject({ first_name: 'Eve', email: 'owner@example.com' });
  });

  describe('captcha', () => {
    async function submit(secret: string | undefined, token: string): Promise<Response> {
      const ctx = createExecutionContext();
      const body = await defended(multipart({ formId: 'frm_captcha', email: 'cap@example.com', captcha: token }), 'form');
      const request = new Request('http://host.test/api/form', { method: 'POST', body });
      const res = await platformApi.fetch(request, { ...env, TURNSTILE_SECRET_KEY: secret }, ctx);
      await waitOnExecutionContext(ctx);
      return res;
    }

    it('is not checked while no Turnstile secret is configured', async () => {
      expect((await submit(undefined, '')).status).toBe(200);
    });

    it('accepts a token Turnstile verifies (the always-passing test secret), checked again on the server', async () => {
      const res = await submit('1x0000000000000000000000000000000AA', 'XXXX.DUMMY.TOKEN.XXXX');
      expect(res.status).toBe(200);
      expect(((await res.json()) as Loose).status).toBe(true);
    });

    it('answers "Invalid Captcha" while the captcha is not verified (no token), and stores nothing', async () => {
      const before = await count('submissions');
      const res = await submit('1x0000000000000000000000000000000AA', '');
      expect(res.status).toBe(422);
      expect(((await res.json()) as Loose).errors).toEqual([{ field: 'captcha', msg: 'Invalid Captcha', key: 'captcha' }]);
      expect(await count('submissions')).toBe(before);
    });

    it('refuses a token Turnstile does not accept (the always-failing test secret) and writes nothing', async () => {
      const before = await count('submissions');
      const res = await submit('2x0000000000000000000000000000000AA', 'XXXX.DUMMY.TOKEN.XXXX');
      expect(res.status).toBe(422);
      expect(await res.json()).toEqual({ msg: 'Invalid Captcha', errors: [{ field: 'captcha', msg: 'Invalid Captcha', key: 'captcha' }] });
      expect(await count('submissions')).toBe(before);
    });
  });
});
