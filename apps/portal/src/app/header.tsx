import type { MouseEvent } from 'react';
import { href, navigate } from './router';
import { docsUrl } from './sdk';
import { useSession } from './session';

interface NavItem {
  path: string;
  label: string;
}

const HOLDER_NAV: NavItem[] = [
  { path: '/', label: 'Dashboard' },
  { path: '/tokens', label: 'Tokens' },
  { path: '/webhooks', label: 'Webhooks' },
  { path: '/try', label: 'Try it' },
];
const ADMIN_NAV: NavItem[] = [
  { path: '/admin/accounts', label: 'Accounts' },
  { path: '/admin/licenses', label: 'Licenses' },
  { path: '/admin/lotteries', label: 'Lotteries' },
  { path: '/admin/sync', label: 'Sync' },
];
const ANONYMOUS_NAV: NavItem[] = [
  { path: '/login', label: 'Log in' },
  { path: '/register', label: 'Register' },
];

export function Header({ route }: { route: string }) {
  const { profile, status, logout } = useSession();
  const anonymous = status === 'anonymous';
  const items = anonymous ? ANONYMOUS_NAV : [...HOLDER_NAV, ...(profile?.role === 'admin' ? ADMIN_NAV : [])];
  return (
    <header className="site-header">
      <a className="skip-link" href="#main" onClick={skipToMain}>
        Skip to content
      </a>
      <div className="bar">
        <a className="brand" href={href('/')}>
          Lottery Results
        </a>
        <nav aria-label="Main">
          <ul>
            {items.map((item) => (
              <li key={item.path}>
                <a href={href(item.path)} aria-current={route === item.path ? 'page' : undefined}>
                  {item.label}
                </a>
              </li>
            ))}
            {/* Visitors find the docs on the start page; the header keeps their way to log in short. */}
            {!anonymous && (
              <li>
                <a href={docsUrl}>API docs</a>
              </li>
            )}
          </ul>
        </nav>
        {!anonymous && (
          <div className="session">
            {profile && <span className="who">{profile.email}</span>}
            <a
              className="settings-link"
              href={href('/account')}
              aria-current={route === '/account' ? 'page' : undefined}
            >
              Account settings
            </a>
            <button
              type="button"
              className="secondary"
              onClick={() => {
                logout('You have logged out.');
                navigate('/login');
              }}
            >
              Log out
            </button>
          </div>
        )}
      </div>
    </header>
  );
}

/** The hash is the router's, so the skip link moves focus itself instead of following #main. */
function skipToMain(event: MouseEvent<HTMLAnchorElement>): void {
  event.preventDefault();
  document.getElementById('main')?.focus();
}
