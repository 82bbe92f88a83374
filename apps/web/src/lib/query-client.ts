import { QueryClient } from '@tanstack/react-query';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // The API client shows a notice for every failure and renews tokens itself; a retry would
      // repeat the notice without a better chance of success.
      retry: false,
    },
  },
});
