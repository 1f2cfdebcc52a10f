/**
 * What each kind of result reads: its table and joins, the filters it takes (a filter
 * another kind takes is refused here with 400, so a typo never lists everything) and the
 * statuses it knows. One definition per kind, looked up by name.
 */
import type { FilterName, ResultKind } from './query';

export interface Clause {
  sql: string;
  params: unknown[];
}

export interface KindSpec {
  /** FROM … with the kind's table as `t`. */
  from: string;
  /**
   * The same FROM for a search that lists its contacts (./search.ts), joined after that list:
   * the kind's rows read by their contact index, whatever other filter has an index too.
   */
  searchFrom: string;
  /** The alias whose name, email and phone the text search reads. */
  person: 't' | 'c';
  columns: string;
  filters: Partial<Record<FilterName, (value: string) => Clause>>;
  statuses?: readonly string[];
}

const eq = (column: string) => (value: string) => ({ sql: `${column} = ?`, params: [value] });
const personColumns = (alias: string) =>
  `${alias}.full_name AS c_full_name, ${alias}.first_name AS c_first_name, ${alias}.last_name AS c_last_name, ${alias}.email AS c_email, ${alias}.phone AS c_phone`;
const contactColumns = personColumns('c');
const withContact = 'LEFT JOIN contacts c ON c.id = t.contact_id';

export const KIND_SPECS = {
  contacts: {
    from: 'contacts t',
    // Each listed id is one row of the primary key's index.
    searchFrom: 'contacts t',
    person: 't',
    columns: `t.id, t.location_id, t.source, t.first_touch, t.last_touch, t.created_at, ${personColumns('t')}`,
    filters: { location_id: eq('t.location_id') },
  },
  submissions: {
    from: `submissions t ${withContact}`,
    searchFrom: `submissions t INDEXED BY submissions_contact ${withContact}`,
    person: 'c',
    columns: `t.id, t.kind, t.ref_id, t.location_id, t.contact_id, t.disqualified, t.data, t.funnel_id, t.step_id, t.domain, t.page_url, t.first_touch, t.last_touch, t.created_at, ${contactColumns}`,
    filters: {
      location_id: eq('t.location_id'),
      funnel_id: eq('t.funnel_id'),
      step_id: eq('t.step_id'),
      form_id: (id) => ({ sql: "t.kind = 'form' AND t.ref_id = ?", params: [id] }),
      survey_id: (id) => ({ sql: "t.kind = 'survey' AND t.ref_id = ?", params: [id] }),
      calendar_id: (id) => ({ sql: "t.kind = 'appointment' AND t.ref_id = ?", params: [id] }),
      status: (status) => ({ sql: 't.disqualified = ?', params: [status === 'disqualified' ? 1 : 0] }),
    },
    statuses: ['qualified', 'disqualified'],
  },
  appointments: {
    from: `appointments t JOIN calendars k ON k.id = t.calendar_id ${withContact}`,
    searchFrom: `appointments t INDEXED BY appointments_contact JOIN calendars k ON k.id = t.calendar_id ${withContact}`,
    person: 'c',
    columns: `t.id, t.calendar_id, t.location_id, t.contact_id, t.start_time, t.end_time, t.status, t.selected_timezone, t.notes, t.order_id, t.funnel_id, t.step_id, t.domain, t.page_url, t.first_touch, t.last_touch, t.created_at, k.name AS k_name, k.timezone AS k_timezone, ${contactColumns}`,
    filters: {
      location_id: eq('t.location_id'),
      funnel_id: eq('t.funnel_id'),
      step_id: eq('t.step_id'),
      calendar_id: eq('t.calendar_id'),
      status: eq('t.status'),
    },
    statuses: ['booked', 'confirmed', 'cancelled'],
  },
  orders: {
    from: `orders t ${withContact}`,
    searchFrom: `orders t INDEXED BY orders_contact ${withContact}`,
    person: 'c',
    columns: `t.id, t.location_id, t.funnel_id, t.step_id, t.contact_id, t.source, t.status, t.currency, t.amount, t.paid_at, t.first_touch, t.last_touch, t.created_at, ${contactColumns}`,
    filters: { location_id: eq('t.location_id'), funnel_id: eq('t.funnel_id'), step_id: eq('t.step_id'), status: eq('t.status') },
    statuses: ['pending', 'processing', 'paid', 'failed'],
  },
} satisfies Record<ResultKind, KindSpec>;

/** The table each id filter names, so an id that does not exist gets 404 rather than an empty list. */
export const FILTER_TABLES: Partial<Record<FilterName, { table: string; label: string }>> = {
  location_id: { table: 'locations', label: 'Location' },
  funnel_id: { table: 'funnels', label: 'Funnel' },
  step_id: { table: 'funnel_steps', label: 'Step' },
  form_id: { table: 'forms', label: 'Form' },
  survey_id: { table: 'surveys', label: 'Survey' },
  calendar_id: { table: 'calendars', label: 'Calendar' },
};
