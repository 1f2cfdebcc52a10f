/**
 * Orders: newest first with status, items and totals (GET /admin/v1/orders), filtered by
 * status, funnel and dates; above them, the filter's totals per currency and status over every
 * matching order, not only the page shown (GET /admin/v1/orders/totals).
 */
import { useState } from 'react';
import { dayRange, query } from '../api';
import { useDashboard } from '../context';
import { formatTime, money } from '../format';
import type { Page, Person } from '../types';
import { DayRangeFields, LoadState, Select, useLoad } from '../ui';
import { DataTable, PagedTable, useCursors } from '../tables';
import type { ScreenProps } from './index';

interface OrderItem {
  id: string;
  locationId: string;
  contactId: string | null;
  contact: Person;
  status: string;
  currency: string;
  amount: number;
  items: { name: string; bump: boolean; amountFormatted: string }[];
  createdAt: string;
}

interface OrderTotal {
  currency: string;
  status: string;
  orders: number;
  amount: number;
}

const STATUSES = ['', 'paid', 'pending', 'processing', 'failed'] as const;

interface Filter {
  status: string;
  funnel_id: string;
  from: string;
  to: string;
}

const EMPTY: Filter = { status: '', funnel_id: '', from: '', to: '' };

/** The filter as the orders calls take it. */
const filterQuery = (filter: Filter): Record<string, string> => ({ status: filter.status, funnel_id: filter.funnel_id, ...dayRange(filter.from, filter.to) });

export default function Orders(_: ScreenProps) {
  const { t, api, catalog, lang, zoneOf } = useDashboard();
  const [filter, setFilter] = useState<Filter>(EMPTY);
  const pages = useCursors();
  const { cursor } = pages;
  const [loaded] = useLoad(() => api.get<Page<OrderItem>>(`/orders${query({ ...filterQuery(filter), cursor, limit: 50 })}`), [filter, cursor]);
  const [totals] = useLoad(() => api.get<{ totals: OrderTotal[] }>(`/orders/totals${query(filterQuery(filter))}`), [filter]);
  const change = (part: Partial<Filter>) => {
    setFilter({ ...filter, ...part });
    pages.first();
  };
  const funnels: [string, string][] = [['', t('allFunnels')], ...(catalog?.funnels ?? []).map((f): [string, string] => [f.id, f.name])];

  return (
    <>
      <h1>{t('title_orders')}</h1>
      <search className="filters">
        <Select
          id="orders-status"
          label={t('status')}
          value={filter.status}
          options={STATUSES.map((s) => [s, s ? t(`status_${s}`) : t('allStatuses')] as const)}
          onChange={(status) => change({ status })}
        />
        <Select id="orders-funnel" label={t('funnel')} value={filter.funnel_id} options={funnels} onChange={(funnel_id) => change({ funnel_id })} />
        <DayRangeFields id="orders" from={filter.from} to={filter.to} onChange={change} />
      </search>
      <h2>{t('orderTotals')}</h2>
      <LoadState loaded={totals}>
        {({ totals: rows }) => (
          <DataTable
            label={t('orderTotals')}
            caption={t('orderTotalsCaption')}
            columns={[t('currency'), t('status'), t('orders'), t('total')]}
            empty={t('noOrders')}
            items={rows}
            row={(row) => (
              <tr key={`${row.currency}:${row.status}`}>
                <th scope="row">{row.currency}</th>
                <td>{t(`status_${row.status}`)}</td>
                <td>{row.orders.toLocaleString(lang)}</td>
                <td>{money(row.amount, row.currency, lang)}</td>
              </tr>
            )}
          />
        )}
      </LoadState>
      <h2>{t('orderList')}</h2>
      <PagedTable
        loaded={loaded}
        cursors={pages}
        label={t('title_orders')}
        caption={t('ordersCaption')}
        columns={[t('created'), t('contact'), t('status'), t('items'), t('total')]}
        empty={t('noOrders')}
        row={(order) => (
          <tr key={order.id}>
            <th scope="row">{formatTime(order.createdAt, zoneOf(order.locationId), lang)}</th>
            <td>{order.contactId ? <a href={`/admin/leads/${encodeURIComponent(order.contactId)}`}>{order.contact.name || order.contact.email}</a> : '–'}</td>
            <td>{t(`status_${order.status}`)}</td>
            <td>
              <ul className="plain">
                {order.items.map((line, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: an order's lines have no id of their own
                  <li key={i}>
                    {line.name} · {line.amountFormatted}
                    {line.bump ? ` (${t('bump')})` : ''}
                  </li>
                ))}
              </ul>
            </td>
            <td>{money(order.amount, order.currency, lang)}</td>
          </tr>
        )}
      />
    </>
  );
}
