/**
 * Leads: the contacts, newest first, with a search, a location filter and a date range, read a
 * page at a time by keyset (GET /admin/v1/contacts); the CSV of the current filter is the
 * results export (GET /admin/v1/contacts/export?format=csv). Every value shown is text React
 * escapes.
 */
import { useState } from 'react';
import { query } from '../api';
import { useDashboard } from '../context';
import { formatTime } from '../format';
import type { Page, Person } from '../types';
import { LoadState, Select, TableRegion, useLoad } from '../ui';
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

/** The filter as the results calls take it (dates are whole days, the end's included). */
function filterQuery(filter: Filter): Record<string, string> {
  const out: Record<string, string> = { q: filter.q.trim(), location_id: filter.location_id };
  if (filter.from) out.from = filter.from;
  if (filter.to) out.to = String(Date.parse(filter.to) + 86_400_000);
  return out;
}

export default function Leads(_: ScreenProps) {
  const { t, api, catalog, lang, zoneOf } = useDashboard();
  const [draft, setDraft] = useState<Filter>(EMPTY);
  const [filter, setFilter] = useState<Filter>(EMPTY);
  // The cursors of the pages before this one, so Previous goes back without OFFSET.
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const cursor = cursors.at(-1) ?? null;
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
            setCursors([null]);
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
          <div className="field">
            <label htmlFor="leads-from">{t('from')}</label>
            <input id="leads-from" type="date" value={draft.from} onChange={(e) => setDraft({ ...draft, from: e.target.value })} />
          </div>
          <div className="field">
            <label htmlFor="leads-to">{t('to')}</label>
            <input id="leads-to" type="date" value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.target.value })} />
          </div>
          <button type="submit">{t('applyFilter')}</button>
          <a className="button" href={csv} download>
            {t('downloadCsv')}
          </a>
        </form>
      </search>
      <LoadState loaded={loaded}>
        {(page) => (
          <>
            <TableRegion label={t('title_leads')}>
              <table>
                <caption>{t('leadsCaption')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('name')}</th>
                    <th scope="col">{t('email')}</th>
                    <th scope="col">{t('phone')}</th>
                    <th scope="col">{t('source')}</th>
                    <th scope="col">{t('created')}</th>
                  </tr>
                </thead>
                <tbody>
                  {page.items.length === 0 && (
                    <tr>
                      <td colSpan={5}>{t('noLeads')}</td>
                    </tr>
                  )}
                  {page.items.map((contact) => (
                    <tr key={contact.id}>
                      <th scope="row">
                        <a href={`/admin/leads/${encodeURIComponent(contact.id)}`}>{contact.name || contact.email || contact.phone || contact.id}</a>
                      </th>
                      <td>{contact.email}</td>
                      <td>{contact.phone}</td>
                      <td>{contact.source}</td>
                      <td>{formatTime(contact.createdAt, zoneOf(contact.locationId), lang)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableRegion>
            <div className="pager">
              <button type="button" disabled={cursors.length < 2} onClick={() => setCursors(cursors.slice(0, -1))}>
                {t('previousPage')}
              </button>
              <button type="button" disabled={!page.next_cursor} onClick={() => setCursors([...cursors, page.next_cursor])}>
                {t('nextPage')}
              </button>
            </div>
          </>
        )}
      </LoadState>
    </>
  );
}
