/**
 * `sticky_contact_help` (requirements WIDGET-ROUTES query): when the link asks for it and a
 * sticky widget filled fields in from the contact this browser remembers (./sticky-contact.ts),
 * a note says so and offers to forget it: on a shared computer the next person sees at once
 * whose details these are and can clear them. Clearing forgets the remembered contact (its
 * id and token are then not sent: the submission starts or finds its own contact) and
 * empties the fields it filled, unless the visitor already changed them. Without the query
 * parameter nothing is shown, as the seed's widgets do.
 */
import { useEffect, useState } from 'react';
import type { FormField } from '../../schemas/form';
import { initialValues } from './initial-values';
import { forgetContact, rememberedContact } from './sticky-contact';
import type { UiStrings } from './types';

/** The link asks for the note: `sticky_contact_help` present and not false or 0. */
export function wantsStickyHelp(query: string): boolean {
  const params = new URLSearchParams(query);
  return params.has('sticky_contact_help') && !['false', '0'].includes(params.get('sticky_contact_help') ?? '');
}

export interface StickyHelpProps {
  /** The widget keeps a sticky contact. */
  sticky: boolean;
  locationId: string;
  fields: readonly FormField[];
  /** The query the widget's prefill reads ('' reads the page's own). */
  query: string;
  country: string;
  values: Readonly<Record<string, unknown>>;
  setValue: (key: string, value: unknown) => void;
  strings: Pick<UiStrings, 'stickyFilled' | 'stickyClear' | 'stickyCleared'>;
}

export function StickyContactHelp(props: StickyHelpProps) {
  const [state, setState] = useState<'hidden' | 'filled' | 'cleared'>('hidden');
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once, when the widget has filled its fields in.
  useEffect(() => {
    const query = props.query || location.search;
    if (!props.sticky || !wantsStickyHelp(query)) return;
    const known = rememberedContact(props.locationId);
    const params = new URLSearchParams(query);
    const filled = initialValues(props.fields, params, known, props.country);
    const plain = initialValues(props.fields, params, {}, props.country);
    if (Object.keys(filled).some((key) => filled[key] !== plain[key])) setState('filled');
  }, []);

  const clear = () => {
    const query = new URLSearchParams(props.query || location.search);
    const filled = initialValues(props.fields, query, rememberedContact(props.locationId), props.country);
    const plain = initialValues(props.fields, query, {}, props.country);
    forgetContact(props.locationId);
    for (const [key, value] of Object.entries(filled)) if (value !== plain[key] && props.values[key] === value) props.setValue(key, plain[key] ?? '');
    setState('cleared');
  };

  if (state === 'hidden') return null;
  return (
    <p className="ef-sticky-help" role="status" data-testid="sticky-help">
      {state === 'filled' ? props.strings.stickyFilled : props.strings.stickyCleared}
      {state === 'filled' && (
        <>
          {' '}
          <button type="button" className="ef-sticky-help__clear" onClick={clear}>
            {props.strings.stickyClear}
          </button>
        </>
      )}
    </p>
  );
}
