import { RequestMethod } from '@nestjs/common';
import {
  GUARDS_METADATA,
  INTERCEPTORS_METADATA,
  METHOD_METADATA,
  PATH_METADATA,
} from '@nestjs/common/constants';
import { ModulesContainer } from '@nestjs/core';
import { AUTH_DECLARATION, AuthDeclaration } from '../src/modules/guards/route-access';
import type { TestApp } from './support/test-app';
import { withSharedApp } from './support/test-set-ups';

type Decorated = object;
const names = (items: unknown[] | undefined) => (items ?? []).map((item) => (item as { name: string }).name);
const metadata = (key: string, handler: Decorated, controller: Decorated) =>
  [
    ...(Reflect.getMetadata(key, controller) ?? []),
    ...(Reflect.getMetadata(key, handler) ?? []),
  ] as unknown[];

/**
 * Every route with who may call it, its guards in the order they run and its route interceptors: a change of
 * permission or order shows up as a diff of this list. (RouteDeclarationCheck refuses to start while any route declares nothing.)
 */
function listRoutes(app: TestApp): string[] {
  const routes: string[] = [];
  for (const module of app.running.app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as { prototype: Record<string, unknown> } & object;
      const base = String(Reflect.getMetadata(PATH_METADATA, controller) ?? '');
      for (const name of Object.getOwnPropertyNames(controller.prototype)) {
        const handler = controller.prototype[name];
        if (name === 'constructor' || typeof handler !== 'function') continue;
        const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        if (method === undefined) continue;
        const path = `/${[base, String(Reflect.getMetadata(PATH_METADATA, handler) ?? '')].filter((p) => p && p !== '/').join('/')}`;
        const declaration = (Reflect.getMetadata(AUTH_DECLARATION, handler) ??
          Reflect.getMetadata(AUTH_DECLARATION, controller)) as AuthDeclaration | undefined;
        const guards = names(metadata(GUARDS_METADATA, handler, controller)).join(' → ') || 'no guard';
        const interceptors = names(metadata(INTERCEPTORS_METADATA, handler, controller));
        // The client-IP limit is a hook before the guards (every route but those declared exempt), and so are the
        // level's checks on routes that declare them before the body.
        const hooks = [
          ...(declaration?.ipRateLimit === false ? ['no IP_RATE_LIMIT'] : []),
          ...(declaration?.beforeBody ? ['checked before the body'] : []),
        ];
        routes.push(
          `${RequestMethod[method]} ${path.replace(/\/+/g, '/')} | ${declaration?.level ?? 'UNDECLARED'} | ` +
            `${guards}${interceptors.length ? ` | then ${interceptors.join(', ')}` : ''}` +
            hooks.map((hook) => ` | ${hook}`).join(''),
        );
      }
    }
  }
  return routes.sort();
}

const USER = 'user | JwtAuthGuard';
const ADMIN = 'admin | JwtAuthGuard → AdminRoleGuard';
const METERED = 'apiToken | ApiTokenGuard → LicenseGuard → QuotaGuard';

describe('route access declarations', () => {
  let app: TestApp;
  beforeAll(async () => ({ app } = await withSharedApp()));
  afterAll(() => app.close());

  it('lists every route with its @Auth level, its guards in order and its interceptors', () => {
    expect(listRoutes(app)).toEqual([
      `DELETE /admin/licenses/:name | ${ADMIN}`,
      `DELETE /admin/lotteries/:tag/draws/:date | ${ADMIN}`,
      `DELETE /admin/lotteries/:tag/draws/:date/prizes | ${ADMIN}`,
      `DELETE /admin/sources/:tag | ${ADMIN}`,
      'DELETE /mcp | public | no guard',
      `DELETE /profile | ${USER}`,
      `DELETE /profile/token/:id | ${USER}`,
      `DELETE /profile/webhooks/:id | ${USER}`,
      'GET / | public | no guard',
      `GET /admin/accounts | ${ADMIN}`,
      `GET /admin/accounts/:id | ${ADMIN}`,
      `GET /admin/conflicts | ${ADMIN}`,
      `GET /admin/licenses | ${ADMIN}`,
      `GET /admin/lotteries | ${ADMIN}`,
      `GET /admin/lotteries/:tag/draws | ${ADMIN}`,
      `GET /admin/lotteries/:tag/draws/:date | ${ADMIN}`,
      `GET /admin/sources | ${ADMIN}`,
      `GET /admin/sync | ${ADMIN}`,
      `GET /admin/sync/:tag | ${ADMIN}`,
      `GET /changes | ${METERED}`,
      'GET /health/live | public | no guard | no IP_RATE_LIMIT',
      'GET /health/ready | public | no guard | no IP_RATE_LIMIT',
      'GET /licenses/default | public | no guard',
      `GET /lotteries | ${METERED}`,
      'GET /lotteries/directory | public | no guard',
      `GET /lottery | ${METERED}`,
      `GET /lottery/:tag | ${METERED}`,
      `GET /lottery/:tag/draw/:date/numbers | ${METERED}`,
      `GET /lottery/:tag/draw/:date/prizes | ${METERED}`,
      `GET /lottery/:tag/draw/latest/numbers | ${METERED}`,
      `GET /lottery/:tag/draw/latest/prizes | ${METERED}`,
      `GET /lottery/:tag/draw/numbers | ${METERED}`,
      `GET /lottery/:tag/draws | ${METERED}`,
      `GET /lottery/:tag/draws/export | ${METERED}`,
      `GET /lottery/:tag/stats | ${METERED}`,
      'GET /mcp | public | no guard',
      'GET /metrics | public | MetricsTokenGuard',
      `GET /profile | ${USER}`,
      `GET /profile/token | ${USER}`,
      `GET /profile/token/:id | ${USER}`,
      `GET /profile/usage | ${USER}`,
      `GET /profile/webhooks | ${USER}`,
      `GET /profile/webhooks/:id | ${USER}`,
      `GET /profile/webhooks/:id/deliveries | ${USER}`,
      `PATCH /admin/accounts/:id | ${ADMIN}`,
      `PATCH /admin/lotteries/:tag | ${ADMIN}`,
      `PATCH /profile/token/:id | ${USER}`,
      `PATCH /profile/webhooks/:id | ${USER}`,
      `POST /admin/accounts/:id/password-reset | ${ADMIN}`,
      `POST /admin/conflicts/:id/accept | ${ADMIN}`,
      `POST /admin/conflicts/:id/reject | ${ADMIN}`,
      `POST /admin/licenses | ${ADMIN}`,
      `POST /admin/lotteries | ${ADMIN}`,
      `POST /admin/lotteries/:tag/draws/import | ${ADMIN} | checked before the body`,
      `POST /admin/sources/:tag/sync | ${ADMIN}`,
      'POST /auth/email/cancel | public | no guard',
      'POST /auth/email/confirm | public | no guard',
      'POST /auth/email/verify | public | no guard',
      'POST /auth/login | public | no guard',
      'POST /auth/password/forgot | public | no guard',
      'POST /auth/password/reset | public | no guard',
      'POST /auth/register | public | no guard',
      `POST /lottery/:tag/check | ${METERED}`,
      // MCP (contract section 11): a page's origin, the token and the license before the body; then its messages
      // counted in the account's rate windows (each tool call runs a metered route above, in-process).
      'POST /mcp | mcp | McpOriginGuard → ApiTokenOrBearerGuard → LicenseGuard → McpAdmissionGuard | checked before the body',
      `POST /profile/email | ${USER}`,
      `POST /profile/email/verification | ${USER}`,
      `POST /profile/token | ${USER}`,
      `POST /profile/token/:id/roll | ${USER}`,
      `POST /profile/webhooks | ${USER}`,
      `POST /profile/webhooks/:id/deliveries/:deliveryId/redeliver | ${USER}`,
      `POST /profile/webhooks/:id/secret/roll | ${USER}`,
      `POST /profile/webhooks/:id/test | ${USER}`,
      `PUT /admin/licenses/:name | ${ADMIN}`,
      `PUT /admin/lotteries/:tag/draws/:date | ${ADMIN}`,
      `PUT /admin/lotteries/:tag/draws/:date/prizes | ${ADMIN}`,
      `PUT /admin/sources/:tag | ${ADMIN}`,
      `PUT /profile/password | ${USER}`,
    ]);
  });
});
