import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { ModulesContainer } from '@nestjs/core';
import { AUTH_DECLARATION, AuthDeclaration } from '../src/common/auth/auth.decorator';
import { createTestApp, TestApp } from './support/test-app';

/** Every route with who may call it: a permission change shows up as a diff of this list. */
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
        const level = declaration
          ? `${declaration.level}${declaration.ipRateLimit ? '' : ' (no IP limit)'}`
          : 'UNDECLARED';
        routes.push(`${RequestMethod[method]} ${path.replace(/\/+/g, '/')} → ${level}`);
      }
    }
  }
  return routes.sort();
}

describe('route access declarations', () => {
  let app: TestApp;
  beforeAll(async () => (app = await createTestApp()));
  afterAll(() => app.close());

  it('lists every route with its @Auth level', () => {
    expect(listRoutes(app)).toEqual([
      'DELETE /admin/licenses/:name → admin',
      'DELETE /admin/lotteries/:tag/draws/:date → admin',
      'DELETE /profile → user',
      'DELETE /profile/token/:id → user',
      'GET /admin/accounts → admin',
      'GET /admin/accounts/:id → admin',
      'GET /admin/licenses → admin',
      'GET /admin/lotteries → admin',
      'GET /health/live → public (no IP limit)',
      'GET /health/ready → public (no IP limit)',
      'GET /lotteries → apiToken',
      'GET /lottery → apiToken',
      'GET /lottery/:tag → apiToken',
      'GET /lottery/:tag/draw/:date/numbers → apiToken',
      'GET /lottery/:tag/draw/latest/numbers → apiToken',
      'GET /lottery/:tag/draw/numbers → apiToken',
      'GET /lottery/:tag/draws → apiToken',
      'GET /metrics → public (no IP limit)',
      'GET /profile → user',
      'GET /profile/token → user',
      'GET /profile/token/:id → user',
      'GET /profile/usage → user',
      'PATCH /admin/accounts/:id → admin',
      'PATCH /admin/lotteries/:tag → admin',
      'PATCH /profile/token/:id → user',
      'POST /admin/lotteries → admin',
      'POST /admin/lotteries/:tag/draws/import → admin',
      'POST /auth/login → public',
      'POST /auth/register → public',
      'POST /profile/token → user',
      'PUT /admin/licenses/:name → admin',
      'PUT /admin/lotteries/:tag/draws/:date → admin',
    ]);
  });
});
