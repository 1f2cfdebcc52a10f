/** The dashboard's screens by name (src/serving/dashboard-page.ts names them), each its own chunk. */
import type { ComponentType } from 'react';

export interface ScreenProps {
  /** The record a screen shows (a contact's id), or ''. */
  id: string;
}

type Loader = () => Promise<{ default: ComponentType<ScreenProps> }>;

export const SCREENS = {
  overview: () => import('./overview'),
  leads: () => import('./leads'),
  contact: () => import('./contact'),
  bookings: () => import('./bookings'),
  orders: () => import('./orders'),
  tests: () => import('./tests'),
  webhooks: () => import('./webhooks'),
  content: () => import('./content'),
} satisfies Record<string, Loader>;

export type ScreenKey = keyof typeof SCREENS;
