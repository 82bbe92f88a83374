import { lazy, Suspense, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { configureApiClient } from '../lib/api-client';
import { notices, onNoticeWaiting } from '../lib/notices';
import { useAuthStore } from '../stores/auth-store';

const NotificationHost = lazy(() => import('./notification-host'));

/** Gives the API client the app's notices, texts and sign-out, which live in React context. */
export function ApiBridge() {
  const { t } = useTranslation('common');
  const queryClient = useQueryClient();
  const [hostNeeded, setHostNeeded] = useState(false);

  useEffect(() => {
    onNoticeWaiting(() => setHostNeeded(true));
    return () => onNoticeWaiting(null);
  }, []);

  useEffect(() => {
    configureApiClient({
      notifier: notices,
      translate: (key) => t(`errors.${key}`),
      onLoggedOut: () => {
        useAuthStore.getState().signOut('expiry');
        queryClient.clear();
      },
    });
  }, [t, queryClient]);

  return hostNeeded ? (
    <Suspense fallback={null}>
      <NotificationHost />
    </Suspense>
  ) : null;
}
