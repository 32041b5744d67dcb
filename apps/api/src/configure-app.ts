import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { API_TOKEN_SCHEME, JWT_SCHEME } from './common/auth/auth.decorator';
import type { Settings } from './config/settings';
import { MetricsService } from './modules/metrics/metrics.service';
import { servePortal } from './portal-static';

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
    .addApiKey({ type: 'apiKey', in: 'header', name: 'X-API-Token' }, API_TOKEN_SCHEME)
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' }, JWT_SCHEME)
    .build();
  return SwaggerModule.createDocument(app, config, {
    operationIdFactory: (_controllerKey: string, methodKey: string) => methodKey,
  });
}

/** Everything main.ts, the tests and the spec script share: parsers, CORS, hooks, Swagger. */
export async function configureApp(app: NestFastifyApplication, settings: Settings): Promise<void> {
  const fastify = app.getHttpAdapter().getInstance();
  // CSV imports arrive as text/csv; keep them as one string for the import service.
  fastify.addContentTypeParser(['text/csv', 'text/plain'], { parseAs: 'string' }, (_req, body, done) =>
    done(null, body),
  );

  app.enableCors({
    origin: settings.corsOrigins === '*' ? true : settings.corsOrigins,
    exposedHeaders: EXPOSED_HEADERS,
    maxAge: 600,
  });

  fastify.addHook('onRequest', (request, reply, done) => {
    reply.header('X-Request-Id', request.id);
    done();
  });
  const metrics = app.get(MetricsService);
  fastify.addHook('onResponse', (request, reply, done) => {
    metrics.observe(
      request.method,
      request.routeOptions.url ?? 'unmatched',
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });

  await servePortal(app);
  SwaggerModule.setup('docs', app, () => buildOpenApiDocument(app), {
    jsonDocumentUrl: 'openapi.json',
    yamlDocumentUrl: 'openapi.yaml',
    customSiteTitle: 'Lottery Results Service API',
  });
}
