import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { type SurveySlide, surveyFormData } from '../../src/schemas/survey';
import { surveyEnding } from '../../src/widgets/survey/endings';
import {
  answersOf,
  backTo,
  canGoBack,
  disqualifiesAtOnce,
  nextStep,
  previousNav,
  progress,
  shouldAdvance,
  slideWithErrors,
  startNav,
  type SurveyNav,
  visitedSlides,
} from '../../src/widgets/survey/logic';

/** Five slides: a radio that branches, a checkbox whose highest option decides, a jump, and a contact slide. */
const slides: SurveySlide[] = v.parse(surveyFormData, {
  slides: [
    {
      id: 's_kind',
      slideName: 'Kind',
      slideData: [{ id: 'f_kind', tag: 'kind', type: 'radio', required: true, picklistOptions: ['Coach', 'Agency', 'Browsing', 'None'] }],
      logic: {
        kind: [
          { optionName: 'Coach', index: 1, id: 's_revenue' },
          { optionName: 'Agency', index: 2, id: 'f_needs' },
          { optionName: 'Browsing', index: -2, id: 'endsurvey' },
          { optionName: 'None', index: -1, id: 'disqualify' },
        ],
      },
    },
    { id: 's_revenue', slideName: 'Revenue', slideData: [{ tag: 'revenue', type: 'single_options', picklistOptions: ['Low', 'High'] }], jumpTo: 's_contact' },
    {
      id: 's_needs',
      slideName: 'Needs',
      slideData: [
        { id: 'f_needs', tag: 'needs', type: 'checkbox', picklistOptions: ['Leads', 'Sales', 'Out'] },
        { tag: 'note', type: 'textarea' },
      ],
      logic: {
        needs: [
          { optionName: 'Leads', index: 3, id: 's_skipped' },
          { optionName: 'Sales', index: 4, id: 's_contact' },
          { optionName: 'Out', index: -1, id: 'disqualify' },
        ],
      },
    },
    { id: 's_skipped', slideName: 'Skipped', slideData: [{ tag: 'skipped', type: 'text' }] },
    {
      id: 's_contact',
      slideName: 'Contact',
      slideData: [
        { tag: 'h', type: 'h1', label: 'Last step' },
        { tag: 'email', type: 'email', required: true },
        { tag: 'start', type: 'date' },
      ],
    },
  ],
}).slides;

const at = (index: number, history: number[] = []): SurveyNav => ({ index, history });

describe('Next', () => {
  it('follows the skip-logic target by slide id or by a field id of the target slide', () => {
    expect(nextStep(slides, startNav(), { kind: 'Coach' })).toEqual({ kind: 'slide', nav: at(1, [0]) });
    expect(nextStep(slides, startNav(), { kind: 'Agency' })).toEqual({ kind: 'slide', nav: at(2, [0]) });
  });

  it('goes on past "endsurvey", and disqualifies at once on "disqualify"', () => {
    expect(nextStep(slides, startNav(), { kind: 'Browsing' })).toEqual({ kind: 'slide', nav: at(1, [0]) });
    expect(nextStep(slides, startNav(), { kind: 'None' })).toEqual({ kind: 'disqualify' });
  });

  it('uses jumpTo without a logic match, else the next slide', () => {
    expect(nextStep(slides, at(1, [0]), { revenue: 'Low' })).toEqual({ kind: 'slide', nav: at(4, [0, 1]) });
    expect(nextStep(slides, at(3, [0, 2]), {})).toEqual({ kind: 'slide', nav: at(4, [0, 2, 3]) });
  });

  it('lets the highest selected checkbox option decide', () => {
    expect(nextStep(slides, at(2, [0]), { needs: ['Leads'] })).toEqual({ kind: 'slide', nav: at(3, [0, 2]) });
    expect(nextStep(slides, at(2, [0]), { needs: ['Leads', 'Sales'] })).toEqual({ kind: 'slide', nav: at(4, [0, 2]) });
    expect(nextStep(slides, at(2, [0]), { needs: ['Out'] })).toEqual({ kind: 'disqualify' });
    // Issue 31: a ticked "disqualify" outranks any slide target ticked beside it.
    expect(nextStep(slides, at(2, [0]), { needs: ['Leads', 'Sales', 'Out'] })).toEqual({ kind: 'disqualify' });
    expect(nextStep(slides, at(2, [0]), { needs: ['Sales', 'Out'] })).toEqual({ kind: 'disqualify' });
  });

  it('submits from the last slide', () => {
    expect(nextStep(slides, at(4, [0, 1]), { email: 'a@b.co' })).toEqual({ kind: 'submit' });
  });
});

describe('Back, progress and answers', () => {
  it('returns along the visited slides', () => {
    const nav = at(4, [0, 2, 3]);
    expect(previousNav(nav)).toEqual(at(3, [0, 2]));
    expect(previousNav(previousNav(nav))).toEqual(at(2, [0]));
    expect(previousNav(startNav())).toEqual(startNav());
    expect(canGoBack(startNav(), { isBackButtonEnable: true })).toBe(false);
    expect(canGoBack(at(4, [0]), { isBackButtonEnable: false })).toBe(true);
    expect(canGoBack(at(0, [2]), { isBackButtonEnable: false })).toBe(false);
  });

  it('goes back to the first visited slide the server found an error on', () => {
    const nav = at(4, [0, 2, 3]);
    expect(slideWithErrors(slides, nav, new Set(['needs']))).toBe(2);
    expect(backTo(nav, 2)).toEqual(at(2, [0]));
    expect(slideWithErrors(slides, nav, new Set(['revenue']))).toBe(4);
    expect(backTo(nav, 1)).toEqual(nav);
  });

  it('shows round(100 × index / slides), and 100 when finished', () => {
    expect(progress(slides, startNav(), false)).toBe(0);
    expect(progress(slides, at(2, [0]), false)).toBe(40);
    expect(progress(slides.slice(0, 3), at(1, [0]), false)).toBe(33);
    expect(progress(slides, at(2, [0]), true)).toBe(100);
  });

  it('submits only the answers of the visited slides', () => {
    const nav = at(4, [0, 1]);
    expect(visitedSlides(slides, nav).map((s) => s.id)).toEqual(['s_kind', 's_revenue', 's_contact']);
    expect(answersOf(visitedSlides(slides, nav), { kind: 'Coach', revenue: 'High', needs: ['Leads'], email: 'a@b.co' })).toEqual({
      kind: 'Coach',
      revenue: 'High',
      email: 'a@b.co',
    });
  });
});

describe('auto-advance and immediate disqualification', () => {
  const [kind, revenue] = [slides[0]?.slideData[0], slides[1]?.slideData[0]];
  const needs = slides[2]?.slideData[0];
  const note = slides[2]?.slideData[1];
  if (!kind || !revenue || !needs || !note) throw new Error('fixture');
  const on = { disableAutoNavigation: false };

  it('advances after a single choice unless auto-navigation is off; a checkbox never does', () => {
    expect(shouldAdvance('choice', kind, slides, startNav(), { kind: 'Coach' }, on)).toBe(true);
    expect(shouldAdvance('choice', revenue, slides, at(1, [0]), { revenue: 'Low' }, on)).toBe(true);
    expect(shouldAdvance('choice', kind, slides, startNav(), { kind: 'Coach' }, { disableAutoNavigation: true })).toBe(false);
    expect(shouldAdvance('choice', needs, slides, at(2, [0]), { needs: ['Leads'] }, on)).toBe(false);
  });

  it('waits with a choice while another required question of the slide is empty', () => {
    const two: SurveySlide[] = [{ ...slides[0], slideData: [kind, { tag: 'why', type: 'text', required: true }] } as SurveySlide, ...slides.slice(1)];
    expect(shouldAdvance('choice', kind, two, startNav(), { kind: 'Coach' }, on)).toBe(false);
    expect(shouldAdvance('choice', kind, two, startNav(), { kind: 'Coach', why: 'growth' }, on)).toBe(true);
  });

  it('advances on Enter or a picked date only when the last field has a value; only Enter submits', () => {
    expect(shouldAdvance('enter', note, slides, at(2, [0]), { needs: ['Leads'] }, on)).toBe(false);
    expect(shouldAdvance('enter', note, slides, at(2, [0]), { needs: ['Leads'], note: 'hi' }, on)).toBe(true);
    const start = slides[4]?.slideData[2];
    if (!start) throw new Error('fixture');
    expect(shouldAdvance('date', start, slides, at(4, [0]), { start: '2026-01-01' }, on)).toBe(false);
    expect(shouldAdvance('enter', start, slides, at(4, [0]), { start: '2026-01-01' }, on)).toBe(true);
    expect(shouldAdvance('choice', revenue, slides, at(4, [0]), { revenue: 'Low' }, on)).toBe(false);
  });

  it('disqualifies at once on a single choice, a checkbox only on Next', () => {
    expect(disqualifiesAtOnce(kind, slides, startNav(), { kind: 'None' })).toBe(true);
    expect(disqualifiesAtOnce(kind, slides, startNav(), { kind: 'Browsing' })).toBe(false);
    expect(disqualifiesAtOnce(needs, slides, at(2, [0]), { needs: ['Out'] })).toBe(false);
  });
});

describe('endings', () => {
  const texts = { disqualified: 'Survey Disqualified! Please try again', ended: 'Survey Ended! Please try again', submitted: 'Thanks!' };
  const now = new Date('2026-03-02T10:00:00Z');
  const action = (over: Record<string, unknown>) => v.parse(surveyFormData, { form: { formAction: over } }).form.formAction;

  it('shows the seller text with escaped answers merged in, else the default', () => {
    const ending = surveyEnding('disqualified', action({ disqualifiedText: 'Sorry {{contact.first_name}}!' }), {
      answers: { first_name: '<b>Ann</b>' },
      texts,
      redirectAllowed: true,
      now,
    });
    expect(ending).toEqual({ kind: 'message', html: 'Sorry &#60;b&#62;Ann&#60;/b&#62;!' });
    expect(surveyEnding('ended', action({}), { answers: {}, texts, redirectAllowed: true, now })).toEqual({
      kind: 'message',
      html: 'Survey Ended! Please try again',
    });
  });

  it("keeps an answer inside the attribute it lands in, and drops the seller's script (issue 32)", () => {
    const input = { answers: { first_name: 'x onerror=alert(1)' }, texts, redirectAllowed: true, now };
    expect(surveyEnding('ended', action({ endsurveyText: '<img src={{contact.first_name}}>' }), input)).toEqual({ kind: 'message', html: '<img>' });
    expect(surveyEnding('ended', action({ endsurveyText: '<p title={{contact.first_name}}>Hi</p><script>alert(1)</script>' }), input)).toEqual({
      kind: 'message',
      html: '<p title="x onerror=alert(1)">Hi</p>',
    });
  });

  it('never lets an answer fill the host of a redirect (issue 32)', () => {
    const redirecting = action({ endsurveyType: '1', endsurveyUrl: 'https://seller.example{{contact.first_name}}/end?n={{contact.first_name}}' });
    const input = { answers: { first_name: '.evil.example' }, texts, redirectAllowed: true, now };
    expect(surveyEnding('ended', redirecting, input)).toEqual({ kind: 'redirect', url: 'https://seller.example/end?n=.evil.example' });
    const hostOnly = action({ endsurveyType: '1', endsurveyUrl: 'https://{{contact.first_name}}' });
    expect(surveyEnding('ended', hostOnly, input).kind).toBe('message');
  });

  it('redirects when the type is "1" to an http(s) URL with encoded answers, unless redirects are off', () => {
    const redirecting = action({ endsurveyType: '1', endsurveyUrl: 'https://x.example/end?name={{contact.first_name}}' });
    const input = { answers: { first_name: 'Ann & Bo' }, texts, redirectAllowed: true, now };
    expect(surveyEnding('ended', redirecting, input)).toEqual({ kind: 'redirect', url: 'https://x.example/end?name=Ann%20%26%20Bo' });
    expect(surveyEnding('ended', redirecting, { ...input, redirectAllowed: false }).kind).toBe('message');
    expect(surveyEnding('disqualified', action({ disqualifiedType: '1', disqualifiedUrl: 'javascript:alert(1)' }), input).kind).toBe('message');
  });
});

describe('the next funnel step after a survey element', () => {
  const texts = { disqualified: 'Disqualified', ended: 'Ended', submitted: 'Thanks!' };
  const action = v.parse(surveyFormData, { form: { formAction: {} } }).form.formAction;
  const input = (url: string, search: string) => ({ answers: {}, texts, redirectAllowed: true, now: new Date(0), nextStep: { url, search } });

  it("carries the page's query into a step URL that has its own query and hash, its own keys winning", () => {
    expect(surveyEnding('submitted', action, input('https://shop.example/thanks?a=1#top', '?b=2&a=9'))).toEqual({
      kind: 'redirect',
      url: 'https://shop.example/thanks?a=1&b=2#top',
    });
    expect(surveyEnding('submitted', action, input('/thanks', '?utm_source=mail'))).toEqual({ kind: 'redirect', url: '/thanks?utm_source=mail' });
  });

  it('leaves a disqualified or ended survey on its own ending', () => {
    expect(surveyEnding('ended', action, input('https://shop.example/thanks', '')).kind).toBe('message');
  });
});

describe('surveyLogicLinkById', () => {
  const linked: SurveySlide[] = v.parse(surveyFormData, {
    slides: [
      {
        id: 'a',
        slideData: [{ id: 'uuid_q', tag: 'q', type: 'radio', picklistOptions: ['Yes', 'No'] }],
        logic: { q: [{ optionName: 'Yes', id: 'c' }], uuid_q: [{ optionName: 'Yes', id: 'b' }] },
      },
      { id: 'b', slideData: [] },
      { id: 'c', slideData: [] },
    ],
  }).slides;

  it("follows the rules under the field's id when on, under its tag when off", () => {
    expect(nextStep(linked, startNav(), { q: 'Yes' }, true)).toMatchObject({ kind: 'slide', nav: { index: 1 } });
    expect(nextStep(linked, startNav(), { q: 'Yes' }, false)).toMatchObject({ kind: 'slide', nav: { index: 2 } });
  });
});
