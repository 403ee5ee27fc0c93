import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';
import { ToastStack } from '../features/toasts/ToastStack.tsx';
import { AppErrorBoundary } from './ErrorBoundary.tsx';
import { AppRoutes } from './routes.tsx';

/**
 * The whole app around a router. The browser (main.tsx) and the build-time prerender (prerender.tsx) render
 * this same tree, so the browser can take over the prerendered HTML as it is.
 */
export function AppRoot({
  queryClient,
  router: Router,
}: {
  queryClient: QueryClient;
  router: (props: { children: ReactNode }) => ReactNode;
}) {
  return (
    <StrictMode>
      <AppErrorBoundary>
        <QueryClientProvider client={queryClient}>
          <Router>
            <AppRoutes />
          </Router>
          <ToastStack />
        </QueryClientProvider>
      </AppErrorBoundary>
    </StrictMode>
  );
}
