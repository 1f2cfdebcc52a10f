/**
 * What every screen of the dashboard shares: the interface language and its strings, the
 * admin API transport, and the catalog (GET /admin/v1/catalog: locations with their zones,
 * funnels, pages, calendars, split tests, webhooks), loaded once per page.
 */
import { createContext, useCallback, useContext, useEffect, useState } from 'react';
import type { AdminApi } from './api';
import { fill } from './format';
import type { Catalog } from './types';

export type Messages = Record<string, string>;

export interface Dashboard {
  lang: string;
  api: AdminApi;
  /** A translated message with its placeholders filled. */
  t: (key: string, values?: Record<string, string | number>) => string;
  catalog: Catalog | null;
  reloadCatalog: () => Promise<void>;
  /** The time zone of a location (UTC when unknown). */
  zoneOf: (locationId: string | null | undefined) => string;
}

const DashboardContext = createContext<Dashboard | null>(null);

export function useDashboard(): Dashboard {
  const value = useContext(DashboardContext);
  if (!value) throw new Error('useDashboard outside the dashboard');
  return value;
}

export function DashboardProvider({ lang, api, messages, children }: { lang: string; api: AdminApi; messages: Messages; children?: React.ReactNode }) {
  const [catalog, setCatalog] = useState<Catalog | null>(null);
  const reloadCatalog = useCallback(async () => setCatalog(await api.get<Catalog>('/catalog')), [api]);
  useEffect(() => {
    reloadCatalog().catch(() => setCatalog(null));
  }, [reloadCatalog]);
  const t = useCallback((key: string, values?: Record<string, string | number>) => fill(messages[key] ?? key, values), [messages]);
  const zoneOf = useCallback((id: string | null | undefined) => catalog?.locations.find((l) => l.id === id)?.timezone ?? 'UTC', [catalog]);
  return <DashboardContext.Provider value={{ lang, api, t, catalog, reloadCatalog, zoneOf }}>{children}</DashboardContext.Provider>;
}
