import { lazy, type FunctionComponent, type ReactNode } from 'react';
import { LoginPage } from '../modules/auth/login-page';
import { parseDrawPath } from '../modules/draw/draw-path';

/**
 * A page loaded when first shown, each in its own chunk: the first page a visitor opens loads what it shows, not
 * the whole portal (the log-in form stays in the main chunk: every route may show it).
 */
function lazyPage<Props extends object>(load: () => Promise<FunctionComponent<Props>>) {
  return lazy(async () => ({ default: await load() }));
}

const AccountPage = lazyPage(() => import('../modules/account/account-page').then((m) => m.AccountPage));
const AccountsPage = lazyPage(() => import('../modules/admin/accounts-page').then((m) => m.AccountsPage));
const DrawsPage = lazyPage(() => import('../modules/admin/draws/draws-page').then((m) => m.DrawsPage));
const LicensesPage = lazyPage(() => import('../modules/admin/licenses-page').then((m) => m.LicensesPage));
const LotteriesPage = lazyPage(() => import('../modules/admin/lotteries-page').then((m) => m.LotteriesPage));
const SyncPage = lazyPage(() => import('../modules/admin/sync/sync-page').then((m) => m.SyncPage));
const ForgotPasswordPage = lazyPage(() =>
  import('../modules/auth/forgot-password-page').then((m) => m.ForgotPasswordPage),
);
const ResetPasswordPage = lazyPage(() =>
  import('../modules/auth/reset-password-page').then((m) => m.ResetPasswordPage),
);
const CancelEmailPage = lazyPage(() =>
  import('../modules/auth/cancel-email-page').then((m) => m.CancelEmailPage),
);
const ConfirmEmailPage = lazyPage(() =>
  import('../modules/auth/confirm-email-page').then((m) => m.ConfirmEmailPage),
);
const VerifyEmailPage = lazyPage(() =>
  import('../modules/auth/verify-email-page').then((m) => m.VerifyEmailPage),
);
const RegisterPage = lazyPage(() => import('../modules/auth/register-page').then((m) => m.RegisterPage));
const CheckPage = lazyPage(() => import('../modules/check/check-page').then((m) => m.CheckPage));
const DrawPage = lazyPage(() => import('../modules/draw/draw-page').then((m) => m.DrawPage));
const StatsPage = lazyPage(() => import('../modules/stats/stats-page').then((m) => m.StatsPage));
const DashboardPage = lazyPage(() =>
  import('../modules/dashboard/dashboard-page').then((m) => m.DashboardPage),
);
const LotteryDirectoryPage = lazyPage(() =>
  import('../modules/lotteries/lotteries-page').then((m) => m.LotteryDirectoryPage),
);
const LandingPage = lazyPage(() => import('../modules/landing/landing-page').then((m) => m.LandingPage));
const TokensPage = lazyPage(() => import('../modules/tokens/tokens-page').then((m) => m.TokensPage));
const TryItPage = lazyPage(() => import('../modules/try-it/try-it-page').then((m) => m.TryItPage));
const WebhooksPage = lazyPage(() => import('../modules/webhooks/webhooks-page').then((m) => m.WebhooksPage));

export interface Route {
  access: 'public' | 'account' | 'admin';
  render: () => ReactNode;
  /** What a logged-out visitor sees at this address instead of the log-in form. */
  visitor?: () => ReactNode;
}

const ROUTES: Record<string, Route> = {
  '/login': { access: 'public', render: () => <LoginPage /> },
  '/register': { access: 'public', render: () => <RegisterPage /> },
  '/forgot-password': { access: 'public', render: () => <ForgotPasswordPage /> },
  '/reset-password': { access: 'public', render: () => <ResetPasswordPage /> },
  '/confirm-email': { access: 'public', render: () => <ConfirmEmailPage /> },
  '/cancel-email': { access: 'public', render: () => <CancelEmailPage /> },
  '/verify-email': { access: 'public', render: () => <VerifyEmailPage /> },
  // The start page: the dashboard for an account holder, what the service is for a stranger.
  '/': { access: 'account', render: () => <DashboardPage />, visitor: () => <LandingPage /> },
  '/tokens': { access: 'account', render: () => <TokensPage /> },
  '/webhooks': { access: 'account', render: () => <WebhooksPage /> },
  '/try': { access: 'account', render: () => <TryItPage /> },
  '/check': { access: 'account', render: () => <CheckPage /> },
  '/stats': { access: 'account', render: () => <StatsPage /> },
  '/lotteries': { access: 'account', render: () => <LotteryDirectoryPage /> },
  '/account': { access: 'account', render: () => <AccountPage /> },
  '/admin/accounts': { access: 'admin', render: () => <AccountsPage /> },
  '/admin/licenses': { access: 'admin', render: () => <LicensesPage /> },
  '/admin/lotteries': { access: 'admin', render: () => <LotteriesPage /> },
  '/admin/draws': { access: 'admin', render: () => <DrawsPage /> },
  '/admin/sync': { access: 'admin', render: () => <SyncPage /> },
};

export function routeFor(path: string): Route | undefined {
  // The query (e.g. a reset link's token) is the page's business, not the route's.
  const route = ROUTES[path.split('?')[0].replace(/\/+$/, '') || '/'];
  if (route) return route;
  // A draw's page: `/draws/{tag}/{date}`, its own page per draw (keyed, so that nothing of another draw stays).
  const draw = parseDrawPath(path);
  if (draw) return { access: 'account', render: () => <DrawPage key={path} address={draw} /> };
  return undefined;
}
