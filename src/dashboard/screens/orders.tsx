/** Orders: newest first with status, items and totals per currency (GET /admin/v1/orders). */
import { useState } from 'react';
import { query } from '../api';
import { useDashboard } from '../context';
import { formatTime, money } from '../format';
import type { Page, Person } from '../types';
import { LoadState, Select, TableRegion, useLoad } from '../ui';
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

const STATUSES = ['', 'paid', 'pending', 'processing', 'failed'] as const;

export default function Orders(_: ScreenProps) {
  const { t, api, lang, zoneOf } = useDashboard();
  const [status, setStatus] = useState('');
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const cursor = cursors.at(-1) ?? null;
  const [loaded] = useLoad(() => api.get<Page<OrderItem>>(`/orders${query({ status, cursor, limit: 50 })}`), [status, cursor]);

  return (
    <>
      <h1>{t('title_orders')}</h1>
      <div className="filters">
        <Select
          id="orders-status"
          label={t('status')}
          value={status}
          options={STATUSES.map((s) => [s, s ? t(`status_${s}`) : t('allStatuses')] as const)}
          onChange={(value) => {
            setStatus(value);
            setCursors([null]);
          }}
        />
      </div>
      <LoadState loaded={loaded}>
        {(page) => {
          const totals = new Map<string, number>();
          for (const order of page.items) if (order.status === 'paid') totals.set(order.currency, (totals.get(order.currency) ?? 0) + order.amount);
          return (
            <>
              <h2>{t('paidTotals')}</h2>
              {totals.size === 0 ? (
                <p>{t('noPaidOrders')}</p>
              ) : (
                <ul className="totals">
                  {[...totals].map(([currency, amount]) => (
                    <li key={currency}>{money(amount, currency, lang)}</li>
                  ))}
                </ul>
              )}
              <TableRegion label={t('title_orders')}>
                <table>
                  <caption>{t('ordersCaption')}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('created')}</th>
                      <th scope="col">{t('contact')}</th>
                      <th scope="col">{t('status')}</th>
                      <th scope="col">{t('items')}</th>
                      <th scope="col">{t('total')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {page.items.length === 0 && (
                      <tr>
                        <td colSpan={5}>{t('noOrders')}</td>
                      </tr>
                    )}
                    {page.items.map((order) => (
                      <tr key={order.id}>
                        <th scope="row">{formatTime(order.createdAt, zoneOf(order.locationId), lang)}</th>
                        <td>
                          {order.contactId ? (
                            <a href={`/admin/leads/${encodeURIComponent(order.contactId)}`}>{order.contact.name || order.contact.email}</a>
                          ) : (
                            '–'
                          )}
                        </td>
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
          );
        }}
      </LoadState>
    </>
  );
}
