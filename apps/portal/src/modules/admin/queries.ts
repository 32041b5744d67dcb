import type { Account, AdminDraw, ConflictStatus, DrawSchedule, License, Lottery } from '../../app/api-types';
import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { lotteryListKey } from '../../components/lottery-list-queries';
import { useClient } from '../../app/session';
import type { AccountChange } from './account-change';
import { datesOf, previewCsv, rowOutcome, type StoredNumbers } from './draw-csv-preview';
import type { ImportPreviewResult } from './import-preview';
import type { ImportValues } from './import-values';
import {
  createLotteryBody,
  updateLotteryBody,
  type EditLotteryValues,
  type NewLotteryValues,
} from './lottery-values';

/** Rows per page of the administrators' lists (the API's largest page). */
export const PAGE_SIZE = 15;
/** A conflict is a tall card: five to a page. */
export const CONFLICT_PAGE_SIZE = 5;

export interface AccountsQuery {
  email: string;
  offset: number;
}

export interface DrawsQuery {
  offset: number;
  from: string;
  to: string;
}

/**
 * The administration pages' cache keys. Each family is a prefix of its pages' keys, so that a write invalidates
 * a whole family at once (every page of the lotteries, say) and each page reading it follows.
 */
export const adminKeys = {
  all: ['admin'] as const,
  lotteries: () => [...adminKeys.all, 'lotteries'] as const,
  lotteryPage: (offset: number) => [...adminKeys.lotteries(), 'page', offset] as const,
  allLotteries: () => [...adminKeys.lotteries(), 'all'] as const,
  draws: (tag: string) => [...adminKeys.all, 'draws', tag] as const,
  drawPage: (tag: string, query: DrawsQuery) => [...adminKeys.draws(tag), query] as const,
  licenses: () => [...adminKeys.all, 'licenses'] as const,
  accounts: () => [...adminKeys.all, 'accounts'] as const,
  accountPage: (query: AccountsQuery) => [...adminKeys.accounts(), query] as const,
  sources: () => [...adminKeys.all, 'sources'] as const,
  conflicts: () => [...adminKeys.all, 'conflicts'] as const,
  conflictPage: (status: ConflictStatus | 'all', offset: number) =>
    [...adminKeys.conflicts(), status, offset] as const,
};

/** After a lottery is added or changed: the administrators' lists, and the lottery pickers' shared list. */
export function invalidateLotteries(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: adminKeys.lotteries() }),
    queryClient.invalidateQueries({ queryKey: lotteryListKey }),
  ]).then(() => undefined);
}

/** One page of the lotteries, through the administrators' list (by JWT, not metered). */
export function useLotteryPage(offset: number) {
  const client = useClient();
  return useQuery({
    queryKey: adminKeys.lotteryPage(offset),
    queryFn: () => client.admin.lotteries.list({ limit: PAGE_SIZE, offset }),
    // The page on screen stays while the next one loads: the pager does not jump.
    placeholderData: keepPreviousData,
  });
}

/** Every lottery, page by page (for pickers and the draws page). */
export function useAllLotteries() {
  const client = useClient();
  return useQuery({
    queryKey: adminKeys.allLotteries(),
    queryFn: async () => {
      const all: Lottery[] = [];
      for (let offset = 0; ; offset += PAGE_SIZE) {
        const page = await client.admin.lotteries.list({ limit: PAGE_SIZE, offset });
        all.push(...(page.lotteries ?? []));
        if (!page.more) return all;
      }
    },
  });
}

/** Every license (a handful), across pages. */
export function useLicenses() {
  const client = useClient();
  return useQuery({
    queryKey: adminKeys.licenses(),
    queryFn: async () => {
      const licenses: License[] = [];
      for await (const license of client.licenses()) licenses.push(license);
      return licenses;
    },
  });
}

export function useAccountsPage(query: AccountsQuery) {
  const client = useClient();
  return useQuery({
    queryKey: adminKeys.accountPage(query),
    queryFn: () =>
      client.admin.accounts.list({
        email: query.email || undefined,
        limit: PAGE_SIZE,
        offset: query.offset,
      }),
    placeholderData: keepPreviousData,
  });
}

/** The stored draws of one lottery, newest first; nothing is asked before a lottery is chosen. */
export function useDrawsPage(tag: string, query: DrawsQuery) {
  const client = useClient();
  return useQuery({
    queryKey: adminKeys.drawPage(tag, query),
    queryFn: () =>
      client.admin.draws.list(tag, {
        limit: PAGE_SIZE,
        offset: query.offset,
        ...(query.from ? { from: query.from } : {}),
        ...(query.to ? { to: query.to } : {}),
      }),
    enabled: tag !== '',
    // Another page of the same lottery keeps the one on screen while it loads; another lottery does not.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === tag ? previous : undefined),
  });
}

/** After a lottery's draws change: its pages of draws, and the lotteries' counts and dates. */
function useInvalidateDraws() {
  const queryClient = useQueryClient();
  return (tag: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminKeys.draws(tag) }),
      queryClient.invalidateQueries({ queryKey: adminKeys.lotteries() }),
    ]).then(() => undefined);
}

/** Replaces one stored draw's numbers (or adds it). */
export function useSaveDraw(tag: string) {
  const client = useClient();
  const invalidate = useInvalidateDraws();
  return useMutation({
    mutationFn: ({ date, body }: { date: string; body: { main: number[]; special: number[] } }) =>
      client.admin.draws.put(tag, date, body),
    onSuccess: () => invalidate(tag),
  });
}

export function useDeleteDraw(tag: string) {
  const client = useClient();
  const invalidate = useInvalidateDraws();
  return useMutation({
    mutationFn: (draw: AdminDraw) => client.admin.draws.delete(tag, draw.date),
    onSuccess: () => invalidate(tag),
  });
}

const groupOf = (numbers: { special: boolean; order: number; value: number }[], special: boolean) =>
  numbers
    .filter((n) => n.special === special)
    .sort((a, b) => a.order - b.order)
    .map((n) => n.value);

/**
 * The dry run of an import (counts and refused lines: all the API answers), then the first rows of the file with
 * what each would do, from the draws already stored on their dates. Writes nothing: a mutation only because it
 * is asked for by a button, for the values of that moment.
 */
export function usePreviewImport() {
  const client = useClient();
  return useMutation({
    mutationFn: async (values: ImportValues): Promise<ImportPreviewResult> => {
      const report = await client.admin.draws.import(values.tag, values.csv, { dryRun: true });
      const { rows, total } = previewCsv(values.csv);
      const stored = new Map<string, StoredNumbers>();
      await Promise.all(
        datesOf(rows).map(async (date) => {
          const page = await client.admin.draws.list(values.tag, { from: date, to: date });
          for (const draw of page.draws ?? [])
            stored.set(`${draw.date}#${draw.round ?? 1}`, {
              main: groupOf(draw.numbers, false),
              special: groupOf(draw.numbers, true),
            });
        }),
      );
      const refusals = new Map(report.errors.map((error) => [error.line, error.message]));
      return {
        values,
        report,
        total,
        rows: rows.map((row) => ({
          row,
          outcome: rowOutcome(row, stored.get(`${row.date}#${row.round}`), refusals.get(row.line)),
        })),
      };
    },
  });
}

/** Imports a draw-history CSV: the lotteries' draw counts and dates, and this lottery's draws, change. */
export function useImportDraws() {
  const client = useClient();
  const invalidate = useInvalidateDraws();
  return useMutation({
    mutationFn: (values: ImportValues) => client.admin.draws.import(values.tag, values.csv),
    onSuccess: (_, values) => invalidate(values.tag),
  });
}

export function useCreateLottery() {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: NewLotteryValues) => client.admin.lotteries.create(createLotteryBody(values)),
    onSuccess: () => invalidateLotteries(queryClient),
  });
}

/** A lottery's name, operator, terms and the rules in force today. */
export function useUpdateLottery(lottery: Lottery) {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: EditLotteryValues) =>
      client.admin.lotteries.update(lottery.tag, updateLotteryBody(values, lottery)),
    onSuccess: () => invalidateLotteries(queryClient),
  });
}

/** null removes the calendar; the lottery's next draw and freshness change with it, on every page that lists it. */
export function useSaveSchedule() {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ lottery, schedule }: { lottery: Lottery; schedule: DrawSchedule | null }) =>
      client.admin.lotteries.update(lottery.tag, { schedule }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.lotteries() }),
  });
}

/** Accounts show their license: a change to one is a change to them. */
function useInvalidateLicenses() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminKeys.licenses() }),
      queryClient.invalidateQueries({ queryKey: adminKeys.accounts() }),
    ]).then(() => undefined);
}

/**
 * Creating and replacing are two calls on purpose: "New license" must never overwrite an existing one (the API
 * answers 409), while "Edit" replaces the license it was opened on.
 */
export function useCreateLicense() {
  const client = useClient();
  const invalidate = useInvalidateLicenses();
  return useMutation({
    mutationFn: (license: License) => client.admin.licenses.create(license),
    onSuccess: invalidate,
  });
}

export function useReplaceLicense() {
  const client = useClient();
  const invalidate = useInvalidateLicenses();
  return useMutation({
    mutationFn: ({ name, ...values }: License) => client.admin.licenses.put(name, values),
    onSuccess: invalidate,
  });
}

export function useDeleteLicense() {
  const client = useClient();
  const invalidate = useInvalidateLicenses();
  return useMutation({
    mutationFn: (license: License) => client.admin.licenses.delete(license.name),
    onSuccess: invalidate,
  });
}

/** A change to an account: every page of the list is read again, as the account may move in or out of a search. */
export function useUpdateAccount() {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ account, change }: { account: Account; change: AccountChange }) =>
      client.admin.accounts.update(account.id, change),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.accounts() }),
  });
}

export function useCreateResetLink() {
  const client = useClient();
  return useMutation({
    mutationFn: (account: Account) => client.admin.accounts.createPasswordResetLink(account.id),
  });
}
