import type { ReactNode } from 'react';
import { AccountPage } from '../modules/account/account-page';
import { AccountsPage } from '../modules/admin/accounts-page';
import { DrawsPage } from '../modules/admin/draws/draws-page';
import { LicensesPage } from '../modules/admin/licenses-page';
import { LotteriesPage } from '../modules/admin/lotteries-page';
import { SyncPage } from '../modules/admin/sync/sync-page';
import { ForgotPasswordPage } from '../modules/auth/forgot-password-page';
import { LoginPage } from '../modules/auth/login-page';
import { ResetPasswordPage } from '../modules/auth/reset-password-page';
import { CancelEmailPage } from '../modules/auth/cancel-email-page';
import { ConfirmEmailPage } from '../modules/auth/confirm-email-page';
import { VerifyEmailPage } from '../modules/auth/verify-email-page';
import { RegisterPage } from '../modules/auth/register-page';
import { CheckPage } from '../modules/check/check-page';
import { DrawPage } from '../modules/draw/draw-page';
import { parseDrawPath } from '../modules/draw/draw-path';
import { StatsPage } from '../modules/stats/stats-page';
import { DashboardPage } from '../modules/dashboard/dashboard-page';
import { LandingPage } from '../modules/landing/landing-page';
import { TokensPage } from '../modules/tokens/tokens-page';
import { TryItPage } from '../modules/try-it/try-it-page';
import { WebhooksPage } from '../modules/webhooks/webhooks-page';

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
