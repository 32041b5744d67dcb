import fastifyCookie from '@fastify/cookie';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { MAPPING_COMPONENTS } from './modules/ingestion/domain/mapping-schema';
import type { Settings } from './config/settings';
import { API_TOKEN_SCHEME, JWT_SCHEME } from './modules/guards/auth.decorator';
import { writeMeterHeaders } from './modules/metering/request-meter';
import { installRequestTimeout } from './common/http/request-timeout';
import { installJsonBodyParser } from './common/http/json-body-parser';
import { installTextBodyParser } from './common/http/text-body';
import { applyBodyLimits } from './common/http/body-limit';
import { closeAfterEarlyAnswer } from './common/http/polite-close';
import { installChecksBeforeBody } from './modules/guards/checks-before-body';
import { ClientIpLimit } from './modules/guards/throttling/client-ip-limit';
import { secureBrowserPages } from './common/http/page-security-headers';
import { MetricsService } from './modules/metrics/metrics.service';
import { MeteringService } from './modules/metering/metering.service';
import { servePortal } from './portal-static';
import { serveSdkPackage } from './sdk-package';
import { enableBrowserCors } from './common/http/browser-cors';
import { OriginPolicy } from './common/http/origin-policy';
import { CredentialedRoutes } from './modules/guards/credentialed-routes';
import { accessLogger } from './common/logging/request-logger';
import type { Logger } from 'pino';

/** Headers a browser client must be able to read (paging, limits, quota, request id). */
const EXPOSED_HEADERS = [
  'X-Total-Count',
  'X-Limit',
  'X-Offset',
  'X-More',
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
  'X-Quota-Limit',
  'X-Quota-Remaining',
  'X-Quota-Reset',
  'Retry-After',
  'X-Request-Id',
  'X-Lottery-Freshness',
  // The export's (contract section 12): a browser client revalidates with it and saves under the file name.
  'ETag',
  'Content-Disposition',
  // Why a token that exists was refused (expired, revoked): a browser client can tell its user.
  'WWW-Authenticate',
];

/** Builds the OpenAPI document from the code (also used by bin/generate-openapi.ts). */
export function buildOpenApiDocument(app: NestFastifyApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Lottery Results Service')
    .setDescription(
      'Licensed, metered lottery results. Lottery routes take an API token in `X-API-Token`; account and ' +
        'administration routes take `Authorization: Bearer <jwt>` from `POST /auth/login`. ' +
        'Errors are `{code, error, message}`.',
    )
    .setVersion('1.0.0')
    // The project's license (package.json "license").
    .setLicense('MIT', 'https://opensource.org/licenses/MIT')
    // Relative: the document describes whichever host serves it (Swagger UI's "Try it out" calls that origin; the
    // generated client's default base URL stays '' and the SDK's façade sets the real one).
    .addServer('/', 'The server that serves this document')
    .addApiKey({ type: 'apiKey', in: 'header', name: 'X-API-Token' }, API_TOKEN_SCHEME)
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' }, JWT_SCHEME)
    // The docs list the groups in this order: what most readers come for first, operations last.
    .addTag('lotteries', 'The lotteries and their rules (API token, metered).')
    .addTag('draws', 'Draw results: latest, by date, searches and pages (API token, metered).')
    .addTag('auth', 'Registration, log-in and the free tier (no credential).')
    .addTag('profile', "The caller's account, usage and password (JWT).")
    .addTag('tokens', "The caller's API tokens (JWT).")
    .addTag('webhooks', 'Signed POSTs to your URL when a draw is published, corrected or deleted (JWT).')
    .addTag('admin', 'Accounts, licenses, lotteries and draws (JWT of an administrator).')
    .addTag('operations', 'Liveness, readiness and metrics for operators.')
    .build();
  const document = SwaggerModule.createDocument(app, config, {
    operationIdFactory: (_controllerKey: string, methodKey: string) => methodKey,
  });
  markPublicOperations(document);
  // The generic adapter's mapping, declared once as JSON Schema (the DTOs refer to it by name).
  document.components = {
    ...document.components,
    schemas: { ...document.components?.schemas, ...MAPPING_COMPONENTS },
  };
  return document;
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/**
 * Gives the public routes an explicit empty security requirement. @Auth documents a scheme for every other level,
 * so an operation without one is an @Auth('public') route; OpenAPI reads a missing requirement as "not stated",
 * `security: []` as "none needed". (@ApiSecurity cannot express it: @nestjs/swagger drops an empty list.)
 */
function markPublicOperations(document: OpenAPIObject): void {
  for (const pathItem of Object.values(document.paths)) {
    for (const method of HTTP_METHODS) {
      const operation = pathItem[method];
      if (operation && !operation.security) operation.security = [];
    }
  }
}

/** Everything main.ts, the tests and the spec script share: parsers, CORS, hooks, Swagger. */
export async function configureApp(app: NestFastifyApplication, settings: Settings): Promise<void> {
  const fastify = app.getHttpAdapter().getInstance();
  // Route hooks first: they apply to the routes registered after them (Nest's at init, the pages below).
  applyBodyLimits(fastify, settings);
  await installChecksBeforeBody(app, fastify);
  installJsonBodyParser(fastify);
  // Cookie parsing and Set-Cookie for the one route that uses a cookie (log-in's device cookie, DeviceCookie),
  // which parses the header itself: no other request spends anything on its cookies.
  await app.register(fastifyCookie, { hook: false });
  // CSV imports arrive as text/csv (or text/plain): one string for the routes that take text, a 415 elsewhere.
  installTextBodyParser(fastify);

  // Only a browser's cross-origin request (it carries Origin) gets CORS headers and costs the CORS check: API
  // clients are spared both. A route that acts on a logged-in account's credentials (JWT routes, /mcp) answers
  // only the origins CORS_ORIGINS lists; every other route any origin under `*` (OriginPolicy).
  const origins = new OriginPolicy(settings.corsOrigins, settings.mail.publicUrl);
  const credentialed = new CredentialedRoutes();
  credentialed.install(fastify);
  await enableBrowserCors(
    fastify,
    {
      // Every method the API has: a browser app on another origin may manage tokens and webhooks too.
      methods: 'GET,HEAD,POST,PUT,PATCH,DELETE',
      exposedHeaders: EXPOSED_HEADERS.join(', '),
      maxAge: 600,
      // An OPTIONS request without Access-Control-Request-Method is answered like any preflight (204 and the CORS
      // headers), not with @fastify/cors's text/plain 400.
      strictPreflight: false,
    },
    (request, origin) => origins.allowsCors(origin, credentialed.has(request)),
  );

  installRequestTimeout(fastify, settings.requestTimeoutMs);
  // IP_RATE_LIMIT, before any body is read (after CORS, so that a browser can read the 429).
  app.get(ClientIpLimit).install(fastify);
  // The guards gather rate-limit and quota figures; they become headers here, on answers and refusals alike.
  fastify.addHook('onSend', (request, reply, payload, done) => {
    reply.header('X-Request-Id', request.id);
    // No answer of ours is meant to be sniffed into another type (a JSON error rendered as HTML, say).
    reply.header('X-Content-Type-Options', 'nosniff');
    if (request.meter) writeMeterHeaders(reply, request.meter);
    // An answer before the body has all arrived (413, 429, the import's 401/403) lets the client finish sending.
    closeAfterEarlyAnswer(request, reply, settings.bodyTimeoutMs);
    done(null, payload);
  });
  const metrics = app.get(MetricsService);
  const metering = app.get(MeteringService);
  const access = accessLogger(fastify.log as Logger);
  fastify.addHook('onResponse', (request, reply, done) => {
    // A charged request's answer settles it: client errors are counted apart; a request the service failed (5xx)
    // is not billed (the contract's "erroneous requests count" is about the client's errors).
    metering.settle(request.meter, reply.statusCode);
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.observe(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    // The access line, with the request id. Never the headers: they carry tokens and JWTs.
    access.info(
      {
        reqId: request.id,
        method: request.method,
        url: request.url,
        route,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        accountId: request.principal?.accountId,
      },
      'request completed',
    );
    done();
  });

  secureBrowserPages(fastify, ['/portal', '/docs']);
  await servePortal(app);
  serveSdkPackage(app);
  SwaggerModule.setup('docs', app, () => buildOpenApiDocument(app), {
    jsonDocumentUrl: 'openapi.json',
    yamlDocumentUrl: 'openapi.yaml',
    customSiteTitle: 'Lottery Results Service API',
  });
}
