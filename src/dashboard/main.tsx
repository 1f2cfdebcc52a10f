/**
 * The dashboard's browser entry, loaded only by the pages under /admin
 * (src/pages/admin/[...path].astro): reads the screen, language, CSRF token and strings the
 * page put on #dashboard, loads that screen's code (one chunk per screen) and mounts it.
 */
import { createRoot } from 'react-dom/client';
import 'uplot/dist/uPlot.min.css';
import { adminApi } from './api';
import { DashboardProvider, type Messages } from './context';
import { SCREENS, type ScreenKey } from './screens/index';

async function start(): Promise<void> {
  const mount = document.getElementById('dashboard');
  if (!mount) return;
  const { screen = '', id = '', lang = 'en', csrf = '', messages = '{}' } = mount.dataset;
  const load = SCREENS[screen as ScreenKey];
  if (!load) return;
  const [{ default: Screen }] = await Promise.all([load()]);
  const api = adminApi(csrf);
  createRoot(mount).render(
    <DashboardProvider lang={lang} api={api} messages={JSON.parse(messages) as Messages}>
      <Screen id={id} />
    </DashboardProvider>,
  );
}

void start();
