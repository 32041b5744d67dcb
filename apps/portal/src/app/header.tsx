import { type MouseEvent, useEffect, useRef, useState } from 'react';
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
  { path: '/check', label: 'Check numbers' },
  { path: '/stats', label: 'Stats' },
];
const ADMIN_NAV: NavItem[] = [
  { path: '/admin/accounts', label: 'Accounts' },
  { path: '/admin/licenses', label: 'Licenses' },
  { path: '/admin/lotteries', label: 'Lotteries' },
  { path: '/admin/draws', label: 'Draws' },
  { path: '/admin/sync', label: 'Sync' },
];
const ANONYMOUS_NAV: NavItem[] = [
  { path: '/login', label: 'Log in' },
  { path: '/register', label: 'Register' },
];

export function Header({ route }: { route: string }) {
  const { profile, status, logout } = useSession();
  const anonymous = status === 'anonymous';
  const items = anonymous ? ANONYMOUS_NAV : HOLDER_NAV;
  const admin = !anonymous && profile?.role === 'admin';
  // On a phone the navigation and the session sit behind "Menu"; on a wider screen the administration pages sit
  // behind "Admin", so that the header stays one row. Both close when the page changes, on Escape, and on a
  // click elsewhere.
  // Each remembers the page it was opened on: on another page it reads as closed, without an effect to reset it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const [adminOpenOn, setAdminOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === route;
  const adminOpen = adminOpenOn === route;
  const setMenuOpen = (open: boolean) => setMenuOpenOn(open ? route : null);
  const setAdminOpen = (open: boolean) => setAdminOpenOn(open ? route : null);
  const header = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!menuOpen && !adminOpen) return undefined;
    const close = (event: Event) => {
      if (
        event instanceof KeyboardEvent
          ? event.key === 'Escape'
          : !header.current?.contains(event.target as Node)
      ) {
        setMenuOpenOn(null);
        setAdminOpenOn(null);
      }
    };
    document.addEventListener('keydown', close);
    document.addEventListener('click', close);
    return () => {
      document.removeEventListener('keydown', close);
      document.removeEventListener('click', close);
    };
  }, [menuOpen, adminOpen]);
  const onAdminPage = ADMIN_NAV.some((item) => item.path === route);
  return (
    <header
      className={`site-header${anonymous ? '' : ' collapsible'}${menuOpen ? ' menu-open' : ''}`}
      ref={header}
    >
      <a className="skip-link" href="#main" onClick={skipToMain}>
        Skip to content
      </a>
      <div className="bar">
        <a className="brand" href={href('/')}>
          Lottery Results
        </a>
        {!anonymous && (
          <button
            type="button"
            className="menu-toggle secondary"
            aria-expanded={menuOpen}
            aria-controls="site-menu"
            onClick={() => setMenuOpen(!menuOpen)}
          >
            Menu
          </button>
        )}
        <div className="site-menu" id="site-menu">
          <nav aria-label="Main">
            <ul>
              {items.map((item) => (
                <li key={item.path}>
                  <a href={href(item.path)} aria-current={route === item.path ? 'page' : undefined}>
                    {item.label}
                  </a>
                </li>
              ))}
              {admin && (
                <li className="admin-menu">
                  <button
                    type="button"
                    aria-expanded={adminOpen}
                    aria-controls="admin-links"
                    className={onAdminPage ? 'current' : undefined}
                    onClick={() => setAdminOpen(!adminOpen)}
                  >
                    Admin
                  </button>
                  <ul id="admin-links" hidden={!adminOpen}>
                    {ADMIN_NAV.map((item) => (
                      <li key={item.path}>
                        <a href={href(item.path)} aria-current={route === item.path ? 'page' : undefined}>
                          {item.label}
                        </a>
                      </li>
                    ))}
                  </ul>
                </li>
              )}
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
              {/* The address is the way to the account's settings, as on most dashboards: one entry instead of
                  two leaves it room to be shown in full; the title says it whole should the row cut it. */}
              <a
                className="settings-link who"
                href={href('/account')}
                aria-current={route === '/account' ? 'page' : undefined}
                title={profile?.email}
              >
                {profile ? (
                  <>
                    <span className="visually-hidden">Account settings: </span>
                    {profile.email}
                  </>
                ) : (
                  'Account settings'
                )}
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
      </div>
    </header>
  );
}

/** The hash is the router's, so the skip link moves focus itself instead of following #main. */
function skipToMain(event: MouseEvent<HTMLAnchorElement>): void {
  event.preventDefault();
  document.getElementById('main')?.focus();
}
