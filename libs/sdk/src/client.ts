import {
  LotteryResultsApi,
  type AdminService,
  type ChangesService,
  type CancelEmailChangeDto,
  type ChangeEmailDto,
  type ChangePasswordDto,
  type ConfirmEmailDto,
  type CreateLicenseDto,
  type CreateLotteryDto,
  type CreateTokenDto,
  type DeleteProfileDto,
  type ForgotPasswordDto,
  type TicketDto,
  type ResetPasswordDto,
  DrawsService,
  type LotteriesService,
  type LoginDto,
  type PutDrawDto,
  type PutDrawPrizesDto,
  type PutLicenseDto,
  type PutSourceDto,
  type RegisterDto,
  type TokensService,
  type UpdateAccountDto,
  type UpdateLotteryDto,
  type RollTokenDto,
  type UpdateTokenDto,
  type VerifyEmailDto,
  type CreateWebhookDto,
  type UpdateWebhookDto,
  type RollWebhookSecretDto,
  type WebhooksService,
} from './generated';
import { drawExport, followChanges, type ExportQuery, type FollowOptions } from './bulk';
import { LotteryHttpRequest } from './http';
import { moreFromHeaders, paginate, paginateEnvelope } from './paging';

/** The options object a generated service method takes. */
type Options<F> = F extends (options: infer O) => unknown ? O : never;
/** An iterator's query: everything the list takes except the paging, which the iterator drives. */
type Filters<O> = Omit<O, 'limit' | 'offset'>;

/** A credential, or a function returning the current one (e.g. from an app's session store). */
export type Credential = string | (() => string | undefined | Promise<string | undefined>);

export interface ClientOptions {
  /** Where the API is mounted, e.g. `https://lottery.example.com` (a trailing slash is ignored). */
  baseUrl: string;
  /** An API token's secret, sent as `X-API-Token`: the lottery endpoints. */
  token?: Credential;
  /** A JWT from `account.login()`, sent as `Authorization: Bearer`: profile, tokens and admin endpoints. */
  jwt?: Credential;
}

const read = async (credential?: Credential) =>
  typeof credential === 'function' ? await credential() : credential;

/**
 * A client for one API and one set of credentials. Clients are independent: each holds its own configuration,
 * never the generated client's global `OpenAPI` object, so clients with different tokens can coexist.
 *
 * Methods are grouped as the API is (`lottery`, `account`, `tokens`, `admin`) and return the API's types; a
 * non-2xx answer rejects with a `LotteryApiError`. The top-level iterators (`lotteries()`, `draws(tag)`,
 * `searchDraws(tag)`, `tokens()`, `accounts()`, `licenses()`) walk a whole list page by page.
 */
export function createClient({ baseUrl, token, jwt }: ClientOptions) {
  const api = new LotteryResultsApi(
    {
      BASE: baseUrl.replace(/\/+$/, ''),
      // The generated transport sends TOKEN as `Authorization: Bearer`; an empty value sends nothing.
      TOKEN: async () => (await read(jwt)) ?? '',
      HEADERS: async (): Promise<Record<string, string>> => {
        const secret = await read(token);
        return secret ? { 'X-API-Token': secret } : {};
      },
    },
    LotteryHttpRequest,
  );

  type DrawQuery = Omit<Options<DrawsService['listDraws']>, 'tag'>;
  type SortQuery = Omit<Options<DrawsService['getLatestDraw']>, 'tag'>;
  const listLotteries = (page: Options<LotteriesService['listLotteries']> = {}) =>
    api.lotteries.listLotteries(page);
  const listDraws = (tag: string, query: DrawQuery = {}) => api.draws.listDraws({ tag, ...query });
  const lottery = {
    /** A page of lotteries, ordered by tag; `country`, `q` (words of the name or tag) and `status` narrow it. */
    list: listLotteries,
    /**
     * Which lotteries the service carries (tag, name, country), ordered by tag: public, needs no credential and
     * costs no quota (for sign-up pages and pickers).
     */
    directory: (page: Options<LotteriesService['listDirectory']> = {}) => api.lotteries.listDirectory(page),
    /** One lottery, with its rules and draw statistics; 404 for an unknown tag. */
    get: (tag: string) => api.lotteries.getLottery({ tag }),
    /**
     * The most recent draw. `sortNumber: true` (or `'asc'`) lists each group by ascending value instead of draw
     * order, `'desc'` by descending value.
     */
    latest: (tag: string, query: SortQuery = {}) => api.draws.getLatestDraw({ tag, ...query }),
    /**
     * The draw of one date (`YYYY-MM-DD`); 404 when there is none. `round` picks another draw of the date where the
     * lottery draws several (draws of such eras carry `round`).
     */
    byDate: (tag: string, date: string, query: SortQuery & { round?: number } = {}) =>
      api.draws.getDrawByDate({ tag, date, ...query }),
    /** A page of draws, newest first, as a bare array (the seed's search); `from`/`to` are inclusive dates. */
    search: (tag: string, query: DrawQuery = {}) => api.draws.searchDraws({ tag, ...query }),
    /** The same page of draws in the envelope, with `more` and `total`. */
    draws: listDraws,
    /**
     * One page of the change feed (`since`: a previous page's `next`; without it, no changes and the current
     * cursor). `followChanges` walks it for you. One unit of quota.
     */
    changes: (query: Options<ChangesService['getChanges']> = {}) => api.changes.getChanges(query),
  };

  const account = {
    /** Creates an account (201); 409 when the e-mail is taken. */
    register: (body: RegisterDto) => api.auth.register({ requestBody: body }),
    /** Exchanges e-mail and password for a JWT: pass `accessToken` as `jwt` to `createClient`. */
    login: (body: LoginDto) => api.auth.login({ requestBody: body }),
    /** The account with its license, this month's usage and its token count against the maximum. */
    profile: () => api.profile.getProfile(),
    /**
     * Changes the password (the current one is required). Every older session is refused from now on: use the
     * `accessToken` of the answer as the new `jwt`.
     */
    changePassword: (body: ChangePasswordDto) => api.profile.changePassword({ requestBody: body }),
    /**
     * Asks for a password reset link by e-mail (no credential needed). `delivery: 'email'`: a link valid for an hour
     * is on its way if the address has an account; `'administrator'`: the service sends no e-mail, an
     * administrator creates the link (`admin.accounts.createPasswordResetLink`).
     */
    forgotPassword: (body: ForgotPasswordDto) => api.auth.forgotPassword({ requestBody: body }),
    /**
     * Sets a new password with the `token` of a reset link (it works once). Every older session is refused from
     * now on; the answer's `accessToken` is a new one.
     */
    resetPassword: (body: ResetPasswordDto) => api.auth.resetPassword({ requestBody: body }),
    /**
     * Changes the account's e-mail address (the current `password` is required: a 400 naming `password` when it is
     * wrong; then at most one request a minute, else 429). `delivery: 'email'` (202, the same whether or not
     * another account has the address): a link valid for 24 hours went to the new address, which replaces the
     * current one when the link is opened (`confirmEmail`); until then `email` is the current address and
     * `pendingEmail` the new one; a password change cancels it. `'changed'` (200): the service sends no e-mail and
     * the address changed at once (409 when another account has it). Sessions stay valid either way.
     */
    changeEmail: (body: ChangeEmailDto) => api.profile.changeEmail({ requestBody: body }),
    /**
     * Confirms an e-mail change with the `token` of the link sent to the new address (no credential needed; it
     * works once, within 24 hours). The answer is the account's address from now on.
     */
    confirmEmail: (body: ConfirmEmailDto) => api.auth.confirmEmail({ requestBody: body }),
    /**
     * Cancels a pending e-mail change with the `token` of the "this wasn't me" link in the notice sent to the
     * current address (no credential needed; it works once). Every session of the account ends: choose a new
     * password next (`forgotPassword`).
     */
    cancelEmailChange: (body: CancelEmailChangeDto) => api.auth.cancelEmailChange({ requestBody: body }),
    /**
     * Verifies the account's address with the `token` of the link e-mailed at registration (no credential needed;
     * it works once, within 24 hours). The answer names the license the account holds from now on.
     */
    verifyEmail: (body: VerifyEmailDto) => api.auth.verifyEmail({ requestBody: body }),
    /**
     * Sends the verification link again (an account whose `emailVerified` is false): at most one e-mail a minute,
     * else 429; 409 once the address is verified.
     */
    resendVerification: () => api.profile.resendVerification(),
    /** The license a new account receives (public: no credential needed). */
    defaultLicense: () => api.auth.getDefaultLicense(),
    /**
     * Metered usage in a month (`YYYY-MM`, default: the current UTC month), day by day and token by token, with
     * successes and client errors apart.
     */
    usage: (month?: string) => api.profile.getUsage({ month }),
    /**
     * Deletes the account and its tokens; the current `password` confirms it (a 400 naming `password` when it is
     * wrong). The month's usage stays counted: the same e-mail registered again continues from it.
     */
    delete: (body: DeleteProfileDto) => api.profile.deleteProfile({ requestBody: body }),
  };

  const listTokens = (page: Options<TokensService['listTokens']> = {}) => api.tokens.listTokens(page);
  /** `tokens()` walks all the caller's tokens; `tokens.create()` and the rest act on one. */
  const tokens = Object.assign(() => paginateEnvelope('tokens', listTokens), {
    list: listTokens,
    /** The answer holds the secret (`token`), the only time the API shows it. */
    create: (body: CreateTokenDto) => api.tokens.createToken({ requestBody: body }),
    get: (id: string) => api.tokens.getToken({ id }),
    update: (id: string, body: UpdateTokenDto) => api.tokens.updateToken({ id, requestBody: body }),
    /** Revokes the token at once. */
    delete: (id: string) => api.tokens.deleteToken({ id }),
    /**
     * Replaces the token's secret (the answer holds the new one, shown once); the old secret keeps working for
     * `graceSeconds` (default 0).
     */
    roll: (id: string, body: RollTokenDto = {}) => api.tokens.rollToken({ id, requestBody: body }),
  });

  const listWebhooks = (page: Options<WebhooksService['listWebhooks']> = {}) =>
    api.webhooks.listWebhooks(page);
  /** `webhooks()` walks all the caller's subscriptions; `webhooks.create()` and the rest act on one. */
  const webhooks = Object.assign(() => paginateEnvelope('webhooks', listWebhooks), {
    list: listWebhooks,
    /** The answer holds the signing secret (`secret`), the only time the API shows it. */
    create: (body: CreateWebhookDto) => api.webhooks.createWebhook({ requestBody: body }),
    get: (id: string) => api.webhooks.getWebhook({ id }),
    /** Changes url, events, lotteries or enabled (`enabled: true` re-enables one the service disabled). */
    update: (id: string, body: UpdateWebhookDto) => api.webhooks.updateWebhook({ id, requestBody: body }),
    delete: (id: string) => api.webhooks.deleteWebhook({ id }),
    /** A new signing secret (in the answer, once); the old one also signs for `graceSeconds`. */
    rollSecret: (id: string, body: RollWebhookSecretDto = {}) =>
      api.webhooks.rollWebhookSecret({ id, requestBody: body }),
    /** Sends a `webhook.test` event now; the answer is its delivery. */
    test: (id: string) => api.webhooks.testWebhook({ id }),
    /** A page of the subscription's deliveries, newest first, with their last attempt. */
    deliveries: (id: string, page: Omit<Options<WebhooksService['listWebhookDeliveries']>, 'id'> = {}) =>
      api.webhooks.listWebhookDeliveries({ id, ...page }),
    /** Sends a delivery's event again, as a new delivery. */
    redeliver: (id: string, deliveryId: string) => api.webhooks.redeliverWebhook({ id, deliveryId }),
  });

  const listAccounts = (query: Options<AdminService['listAccounts']> = {}) => api.admin.listAccounts(query);
  const listLicenses = (page: Options<AdminService['listLicenses']> = {}) => api.admin.listLicenses(page);
  const admin = {
    accounts: {
      /** A page of accounts; `email` filters by substring. */
      list: listAccounts,
      get: (id: string) => api.admin.getAccount({ id }),
      /** Changes `disabled`, `license` (a name, or null for none) and/or `role`. */
      update: (id: string, body: UpdateAccountDto) => api.admin.updateAccount({ id, requestBody: body }),
      /**
       * A one-time link (24 hours, until the password changes) for an account holder who forgot their password:
       * hand it over yourself. `url` is absolute when the service has a PUBLIC_URL, otherwise relative to the
       * service (resolve it against `baseUrl`, or build your own reset page's link from `resetToken`).
       */
      createPasswordResetLink: (id: string) => api.admin.createPasswordResetLink({ id }),
    },
    licenses: {
      list: listLicenses,
      /** Creates a license; 409 when the name is taken. */
      create: (body: CreateLicenseDto) => api.admin.createLicense({ requestBody: body }),
      /** Creates or replaces a license. */
      put: (name: string, body: PutLicenseDto) => api.admin.putLicense({ name, requestBody: body }),
      delete: (name: string) => api.admin.deleteLicense({ name }),
    },
    lotteries: {
      /** A page of lotteries, like `lottery.list` but by JWT and not metered. */
      list: (page: Options<AdminService['adminListLotteries']> = {}) => api.admin.adminListLotteries(page),
      /** Adds a lottery (201); 409 when the tag exists. */
      create: (body: CreateLotteryDto) => api.admin.createLottery({ requestBody: body }),
      update: (tag: string, body: UpdateLotteryDto) => api.admin.updateLottery({ tag, requestBody: body }),
    },
    draws: {
      /** Creates or replaces the draw of a date; numbers in draw order, validated against the rules of that date. */
      put: (tag: string, date: string, body: PutDrawDto) =>
        api.admin.putDraw({ tag, date, requestBody: body }),
      /** Deletes one draw (`round`: which draw of the date, default 1), with what it paid. */
      delete: (tag: string, date: string, round?: number) => api.admin.deleteDraw({ tag, date, round }),
      /**
       * Stores or replaces what a draw paid: amounts in the currency's major unit (at most its minor unit's
       * decimals), ranks of the prize structure in force on its date. Subscribers of `draw.prizes` hear of it.
       */
      putPrizes: (tag: string, date: string, body: PutDrawPrizesDto, round?: number) =>
        api.admin.putPrizes({ tag, date, requestBody: body, round }),
      /** Deletes what a draw paid; the draw stays. */
      deletePrizes: (tag: string, date: string, round?: number) =>
        api.admin.deletePrizes({ tag, date, round }),
      /**
       * Imports CSV text with the header `date,main,special` (numbers space-separated), optionally followed by
       * `round` and prize columns (`currency`, `rankN_winners`, `rankN_amount`, …). `{ dryRun: true }` previews:
       * the same counts and refused lines, nothing written.
       */
      import: (tag: string, csv: string, options: { dryRun?: boolean } = {}) =>
        api.admin.importDraws({ tag, requestBody: csv, ...options }),
      /** One draw with its provenance (the source it was fetched from, and when). */
      get: (tag: string, date: string) => api.admin.adminGetDraw({ tag, date }),
      /** A page of the lottery's draws with their provenance, newest first (`from`/`to` bound the dates; not metered). */
      list: (tag: string, query: Omit<Options<AdminService['adminListDraws']>, 'tag'> = {}) =>
        api.admin.adminListDraws({ tag, ...query }),
    },
    sources: {
      /** A page of the lotteries' draw sources. */
      list: (page: Options<AdminService['listSources']> = {}) => api.admin.listSources(page),
      /** Sets (creates or replaces) a lottery's source: an adapter, a URL, and a mapping for the generic adapter. */
      put: (tag: string, body: PutSourceDto) => api.admin.putSource({ tag, requestBody: body }),
      delete: (tag: string) => api.admin.deleteSource({ tag }),
      /** Syncs the lottery's source now, in the running service: what the sync did (`error` when the source failed). */
      syncNow: (tag: string) => api.admin.syncNow({ tag }),
    },
    sync: {
      /** A page of sync states: last attempt, success and error, next attempt, failures, freshness. */
      list: (page: Options<AdminService['listSyncStates']> = {}) => api.admin.listSyncStates(page),
    },
    conflicts: {
      /** A page of conflicts between fetched and stored draws, newest first; `status` filters. */
      list: (query: Options<AdminService['listConflicts']> = {}) => api.admin.listConflicts(query),
      /** The fetched draw replaces the stored one. */
      accept: (id: string) => api.admin.acceptConflict({ id }),
      /** The stored draw stays; the same fetched numbers raise no conflict again. */
      reject: (id: string) => api.admin.rejectConflict({ id }),
    },
  };

  return {
    lottery,
    /**
     * Did these lines win? Checks 1 to 100 tickets against the latest draw date (no `draws`), one `{ date }` (with
     * `round`: that round only), or a `{ from, to }` range (either bound optional). The answer follows the question:
     * a date lists every draw of it (each round, newest first) with `division: null` where nothing was won; a range
     * lists only the wins, newest first, with each ticket's `won` (per currency) and `amountsUnknown`. Tickets carry
     * `special` only where the lottery's special group has `pool: 'own'`. One unit of quota.
     */
    check: (
      tag: string,
      tickets: TicketDto[],
      draws: { date: string; round?: number } | { from?: string; to?: string } = {},
    ) => api.draws.check({ tag, requestBody: { tickets, ...draws } }),
    /**
     * Which numbers come up: per value, count, frequency, last drawn, draws since and longest gap, for the main and
     * the special numbers. Default window: the number rules in force at the latest draw. One unit of quota.
     */
    stats: (tag: string, window: { from?: string; to?: string } = {}) =>
      api.draws.getStats({ tag, ...window }),
    /**
     * What the draw of a date paid: each division's winners and the amount one winning line was paid (in
     * `currency`'s major unit, exact to the cent), the jackpot and the next estimate where published. 404
     * `No prizes were found for draw.` while the operator has not published them (often hours after the numbers).
     * `round`: another draw of the date, where the lottery draws several. One unit of quota.
     */
    prizes: (tag: string, date: string, round?: number) => api.draws.prizesOn({ tag, date, round }),
    /** What the latest draw paid (the last round of the latest date). One unit of quota. */
    latestPrizes: (tag: string) => api.draws.latestPrizes({ tag }),
    account,
    tokens,
    webhooks,
    admin,
    health: {
      live: () => api.operations.live(),
      ready: () => api.operations.ready(),
    },

    /** Every lottery (of `country`, matching `q`, of `status` if given), ordered by tag, 15 per request. */
    lotteries: (filters: Filters<Options<LotteriesService['listLotteries']>> = {}) =>
      paginateEnvelope('lotteries', (page) => listLotteries({ ...filters, ...page })),
    /** Every draw of a lottery (within `from`/`to` if given), newest first, through the envelope list. */
    draws: (tag: string, filters: Filters<DrawQuery> = {}) =>
      paginateEnvelope('draws', (page) => listDraws(tag, { ...filters, ...page })),
    /**
     * The same walk through the bare-array search, paged with its X-More / X-Total-Count headers: each page goes
     * through its own transport that reports the response, so concurrent walks never mix their headers.
     */
    searchDraws: (tag: string, filters: Filters<DrawQuery> = {}) =>
      paginate(async (page) => {
        let headers = new Headers();
        const http = new LotteryHttpRequest(api.request.config, (response) => (headers = response.headers));
        const items = await new DrawsService(http).searchDraws({ tag, ...filters, ...page });
        return { items, more: moreFromHeaders(headers, page, items.length) };
      }),
    /**
     * A lottery's whole history (or `from`/`to`) in one request, one unit of quota: `for await` yields typed draws,
     * newest first, as the NDJSON export arrives; `.raw({ format: 'csv' })` gives the bytes to save, with the ETag
     * to download again only when something changed (`ifNoneMatch`). Then follow `followChanges()`.
     */
    exportDraws: (tag: string, query: ExportQuery = {}) => drawExport(api.request.config, tag, query),
    /**
     * Every draw event from `since` (default: now) on, once and in commit order, forever: pages until caught up,
     * then polls every `pollIntervalMs`. Save the cursor `onCursor` gives to resume after a restart; stop with
     * `signal` or by leaving the loop. Each page or poll is one unit of quota.
     */
    followChanges: (options: FollowOptions = {}) => followChanges(api.changes, options),
    /** Every account (admin), 15 per request; `email` filters by substring. */
    accounts: (query: Filters<Options<AdminService['listAccounts']>> = {}) =>
      paginateEnvelope('accounts', (page) => listAccounts({ ...query, ...page })),
    /** Every license (admin). */
    licenses: () => paginateEnvelope('licenses', listLicenses),

    /** The generated client underneath, for anything the façade does not cover. */
    api,
  };
}

export type LotteryClient = ReturnType<typeof createClient>;
