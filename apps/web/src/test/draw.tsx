import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { Me, Permission } from '@voltline/contract';
import { useAuthStore } from '../stores/auth-store';

/**
 * Draws a component in jsdom as a signed-in Main Operator of Voltline İstanbul holding only the
 * permissions given, with a fresh query cache (no retries) and a router.
 */
export function drawSignedIn(node: ReactElement, permissions: Permission[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  useAuthStore.setState({ token: 'test-token' });
  const me: Me = {
    id: 1,
    email: 'istanbul@voltline.local',
    name: 'Deniz',
    surname: 'Çelik',
    operatorId: 1,
    operatorName: 'Voltline İstanbul',
    roles: ['Main Operator'],
    permissions,
    locale: 'en',
  };
  client.setQueryData(['me', 'test-token'], me);
  const wrap = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>
  );
  return render(node, { wrapper: wrap });
}
