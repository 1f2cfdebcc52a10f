/** The shapes the dashboard reads from the admin API (README, "Admin API"). */

export interface Money {
  currency: string;
  amount: number;
  formatted: string;
}

export interface Step {
  id: string;
  name: string;
  path: string;
  position: number;
  pageId: string | null;
}

export interface Experiment {
  id: string;
  funnelId: string;
  stepId: string;
  status: 'draft' | 'running' | 'stopped' | 'winner';
  winnerVariantId?: string;
  variants: { id: string; pageId: string; weight: number }[];
  startedAt: number | null;
}

export interface Catalog {
  locations: { id: string; name: string; timezone: string; currency: string; language: string }[];
  funnels: { id: string; locationId: string; name: string; domain: string | null; steps: Step[] }[];
  pages: {
    id: string;
    locationId: string;
    funnelId: string | null;
    stepId: string | null;
    name: string;
    version: number;
    publishedAt: number | null;
    updatedAt: number;
    published: boolean;
    draftChanged: boolean;
  }[];
  calendars: { id: string; locationId: string; name: string; timezone: string }[];
  forms: { id: string; locationId: string; name: string }[];
  surveys: { id: string; locationId: string; name: string }[];
  experiments: Experiment[];
  webhooks: { id: string; url: string; events: string[]; active: boolean; paused: boolean }[];
}

export interface Person {
  name: string;
  email: string;
  phone: string;
}

export interface Page<T> {
  items: T[];
  next_cursor: string | null;
}
