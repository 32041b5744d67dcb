import { Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ApiTokenGuard } from './api-token.guard';

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * The API token a request presents: `X-API-Token`, else `Authorization: Bearer <api token>`. `X-API-Token` wins
 * when both are sent (even empty: then the token is missing).
 */
export function apiTokenOrBearerOf(request: FastifyRequest): unknown {
  const header = request.headers['x-api-token'];
  if (header !== undefined) return header;
  const authorization = request.headers.authorization;
  return typeof authorization === 'string' ? BEARER.exec(authorization)?.[1] : undefined;
}

/**
 * Steps 1–2 of contract section 5 for the MCP endpoint (contract section 11): the API token in `X-API-Token`, or
 * as `Authorization: Bearer <api token>`, which is all that many MCP clients can send. The refusals are
 * ApiTokenGuard's, word for word: no token is "Token header 'X-API-Token' missing".
 */
@Injectable()
export class ApiTokenOrBearerGuard extends ApiTokenGuard {
  protected override presentedSecret(request: FastifyRequest): unknown {
    return apiTokenOrBearerOf(request);
  }

  protected override scheme(request: FastifyRequest): string {
    return request.headers['x-api-token'] === undefined ? 'Bearer' : super.scheme(request);
  }
}
