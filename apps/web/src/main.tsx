import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { Locale } from '@voltline/contract';
import { configQueryOptions } from './api/get-config';
import { App } from './app/app';
import './app/global.css';
import { initI18n } from './lib/i18n';
import { loadAntLocale } from './lib/antd-locale';
import { queryClient } from './lib/query-client';
import { getStoredLocale, toLocale } from './lib/storage';
import { useThemeStore } from './stores/theme-store';

/** Spec §9: a service worker left by an older release is removed so it cannot serve stale screens. */
function unregisterServiceWorkers(): void {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker
    .getRegistrations()
    .then((registrations) => Promise.all(registrations.map((r) => r.unregister())))
    .catch(() => undefined);
}

/** The user's own choice (FELOCALE) wins; otherwise the server's configured default. */
async function startLocale(): Promise<Locale> {
  const stored = getStoredLocale();
  if (stored) return stored;
  try {
    const config = await queryClient.fetchQuery(configQueryOptions());
    return toLocale(config.defaultLocale) ?? 'en';
  } catch {
    return 'en';
  }
}

async function start(): Promise<void> {
  unregisterServiceWorkers();
  const locale = await startLocale();
  useThemeStore.getState().setLocale(locale);
  const [, antLocale] = await Promise.all([initI18n(locale), loadAntLocale(locale)]);
  const root = document.getElementById('root');
  if (!root) return;
  createRoot(root).render(
    <StrictMode>
      <App initialAntLocale={antLocale} />
    </StrictMode>,
  );
}

void start();
