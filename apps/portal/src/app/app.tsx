import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useRef, useState, type ReactNode } from 'react';
import { createQueryClient } from './query-client';
import { Header } from './header';
import { routeFor } from './routes';
import { useRoute } from './router';
import { SessionProvider, useSession } from './session';
import { SessionWarning } from './session-warning';
import { useHeadingFocus } from './use-heading-focus';
import { LoginPage } from '../modules/auth/login-page';
import { Page } from '../components/page';
import { Alert } from '../components/alert';
import { LoadError } from '../components/load-error';

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <Shell />
      </SessionProvider>
    </QueryClientProvider>
  );
}

function Shell() {
  const route = useRoute();
  const { status } = useSession();
  const main = useRef<HTMLElement>(null);
  useHeadingFocus(main, route, status);
  return (
    <>
      <Header route={route} />
      <main id="main" ref={main} tabIndex={-1}>
        {/* Each page is its own chunk (routes.tsx): a short wait the first time one is opened. */}
        <Suspense fallback={<p aria-live="polite">Loading…</p>}>
          <Guard route={route} />
        </Suspense>
        <SessionWarning />
      </main>
    </>
  );
}

/** Chooses what the route shows for the current session: the page, the log-in form, or a refusal. */
function Guard({ route }: { route: string }): ReactNode {
  const { status, profile, loadError, retryProfile } = useSession();
  const match = routeFor(route);
  if (!match) {
    return (
      <Page title="Page not found">
        <p>
          There is nothing at this address. <a href="#/">Go to the start page</a>.
        </p>
      </Page>
    );
  }
  if (match.access === 'public') return match.render();
  if (status === 'anonymous') return match.visitor ? match.visitor() : <LoginPage />;
  if (status === 'loading' || !profile) {
    if (!loadError) return <p aria-live="polite">Loading your account…</p>;
    return (
      <Page title="Your account could not be loaded">
        <LoadError error={loadError} onRetry={retryProfile} />
      </Page>
    );
  }
  if (match.access === 'admin' && profile.role !== 'admin') {
    return (
      <Page title="Administrators only">
        <Alert>Administrator role required.</Alert>
      </Page>
    );
  }
  return match.render();
}
