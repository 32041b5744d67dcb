import { useEffect, useRef, type ReactNode } from 'react';
import { Header } from './header';
import { routeFor } from './routes';
import { useRoute } from './router';
import { SessionProvider, useSession } from './session';
import { LoginPage } from '../modules/auth/login-page';
import { Page } from '../components/page';
import { Alert } from '../components/alert';

export function App() {
  return (
    <SessionProvider>
      <Shell />
    </SessionProvider>
  );
}

function Shell() {
  const route = useRoute();
  const main = useRef<HTMLElement>(null);
  const shown = useRef(route);
  // After a navigation (not on the first page load), move focus to the new page's heading so that keyboard and
  // screen-reader users start there.
  useEffect(() => {
    if (shown.current === route) return;
    shown.current = route;
    main.current?.querySelector<HTMLElement>('h1')?.focus();
  }, [route]);
  return (
    <>
      <Header route={route} />
      <main id="main" ref={main} tabIndex={-1}>
        <Guard route={route} />
      </main>
    </>
  );
}

/** Chooses what the route shows for the current session: the page, the log-in form, or a refusal. */
function Guard({ route }: { route: string }): ReactNode {
  const { status, profile } = useSession();
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
  if (status === 'anonymous') return <LoginPage />;
  if (status === 'loading' || !profile) return <p aria-live="polite">Loading your account…</p>;
  if (match.access === 'admin' && profile.role !== 'admin') {
    return (
      <Page title="Administrators only">
        <Alert>Administrator role required.</Alert>
      </Page>
    );
  }
  return match.render();
}
