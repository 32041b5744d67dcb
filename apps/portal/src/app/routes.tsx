import type { ReactNode } from 'react';
import { AccountsPage } from '../modules/admin/accounts-page';
import { LicensesPage } from '../modules/admin/licenses-page';
import { LotteriesPage } from '../modules/admin/lotteries-page';
import { LoginPage } from '../modules/auth/login-page';
import { RegisterPage } from '../modules/auth/register-page';
import { DashboardPage } from '../modules/dashboard/dashboard-page';
import { TokensPage } from '../modules/tokens/tokens-page';
import { TryItPage } from '../modules/try-it/try-it-page';

export interface Route {
  access: 'public' | 'account' | 'admin';
  render: () => ReactNode;
}

const ROUTES: Record<string, Route> = {
  '/login': { access: 'public', render: () => <LoginPage /> },
  '/register': { access: 'public', render: () => <RegisterPage /> },
  '/': { access: 'account', render: () => <DashboardPage /> },
  '/tokens': { access: 'account', render: () => <TokensPage /> },
  '/try': { access: 'account', render: () => <TryItPage /> },
  '/admin/accounts': { access: 'admin', render: () => <AccountsPage /> },
  '/admin/licenses': { access: 'admin', render: () => <LicensesPage /> },
  '/admin/lotteries': { access: 'admin', render: () => <LotteriesPage /> },
};

export function routeFor(path: string): Route | undefined {
  return ROUTES[path.replace(/\/+$/, '') || '/'];
}
