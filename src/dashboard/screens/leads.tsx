/**
 * Leads: the contacts, newest first, with a search, a location filter and a date range, read a
 * page at a time by keyset (GET /admin/v1/contacts); the CSV of the current filter is the
 * results export (GET /admin/v1/contacts/export?format=csv). Every value shown is text React
 * escapes.
 */
import { useState } from 'react';
import { dayRange, query } from '../api';
import { useDashboard } from '../context';
import { formatTime } from '../format';
import type { Page, Person } from '../types';
import { DayRangeFields, Select, useLoad } from '../ui';
import { PagedTable, useCursors } from '../tables';
import type { ScreenProps } from './index';

interface ContactItem extends Person {
  id: string;
  locationId: string;
  source: string;
  createdAt: string;
}

interface Filter {
  q: string;
  location_id: string;
  from: string;
  to: string;
}

const EMPTY: Filter = { q: '', location_id: '', from: '', to: '' };

/** The filter as the results calls take it. */
const filterQuery = (filter: Filter): Record<string, string> => ({ q: filter.q.trim(), location_id: filter.location_id, ...dayRange(filter.from, filter.to) });

export default function Leads(_: ScreenProps) {
  const { t, api, catalog, lang, zoneOf } = useDashboard();
  const [draft, setDraft] = useState<Filter>(EMPTY);
  const [filter, setFilter] = useState<Filter>(EMPTY);
  const pages = useCursors();
  const { cursor } = pages;
  const [loaded] = useLoad(() => api.get<Page<ContactItem>>(`/contacts${query({ ...filterQuery(filter), limit: 50, cursor })}`), [filter, cursor]);
  const csv = `/admin/v1/contacts/export${query({ ...filterQuery(filter), format: 'csv', bom: '1' })}`;
  const locations: [string, string][] = [['', t('allLocations')], ...(catalog?.locations ?? []).map((l): [string, string] => [l.id, l.name])];

  return (
    <>
      <h1>{t('title_leads')}</h1>
      <search>
        <form
          className="filters"
          onSubmit={(event) => {
            event.preventDefault();
            setFilter(draft);
            pages.first();
          }}
        >
          <div className="field">
            <label htmlFor="leads-q">{t('search')}</label>
            <input id="leads-q" type="search" value={draft.q} onChange={(e) => setDraft({ ...draft, q: e.target.value })} />
          </div>
          <Select
            id="leads-location"
            label={t('location')}
            value={draft.location_id}
            options={locations}
            onChange={(location_id) => setDraft({ ...draft, location_id })}
          />
          <DayRangeFields id="leads" from={draft.from} to={draft.to} onChange={(part) => setDraft({ ...draft, ...part })} />
          <button type="submit">{t('applyFilter')}</button>
          <a className="button" href={csv} download>
            {t('downloadCsv')}
          </a>
        </form>
      </search>
      <PagedTable
        loaded={loaded}
        cursors={pages}
        label={t('title_leads')}
        caption={t('leadsCaption')}
        columns={[t('name'), t('email'), t('phone'), t('source'), t('created')]}
        empty={t('noLeads')}
        row={(contact) => (
          <tr key={contact.id}>
            <th scope="row">
              <a href={`/admin/leads/${encodeURIComponent(contact.id)}`}>{contact.name || contact.email || contact.phone || contact.id}</a>
            </th>
            <td>{contact.email}</td>
            <td>{contact.phone}</td>
            <td>{contact.source}</td>
            <td>{formatTime(contact.createdAt, zoneOf(contact.locationId), lang)}</td>
          </tr>
        )}
      />
    </>
  );
}
