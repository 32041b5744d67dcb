import { Controller, Get, Headers, Res } from '@nestjs/common';
import { ApiFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { findPortalDir } from '../../portal-static';
import { Auth } from '../guards/auth.decorator';
import { ServiceIndexDto } from './dto/service-index.dto';

/** A browser navigating to a page says it accepts HTML; API clients and their libraries do not. */
const wantsPage = (accept: string | undefined) => /\btext\/html\b/i.test(accept ?? '');

/**
 * `/`, where a newcomer starts: a browser is sent to the portal (or to the docs when the portal is not built), an
 * API client gets links as JSON. A client that normalises dot segments (`/lottery/%2e%2e` is `/` to a WHATWG URL
 * parser) gets the JSON too, never a redirect with an empty body.
 */
@ApiTags('operations')
@Controller()
export class HomeController {
  private readonly index: ServiceIndexDto;

  constructor() {
    const portal = findPortalDir() ? '/portal/' : null;
    this.index = { name: 'Lottery Results Service', docs: '/docs', openapi: '/openapi.json', portal };
  }

  @Get()
  // Public, and counted in IP_RATE_LIMIT like every route but the probes' (health, metrics).
  @Auth('public')
  @ApiOperation({
    summary: 'Where to start: links to the docs, the OpenAPI document and the portal.',
    description:
      'A browser (`Accept` with `text/html`) is redirected to the portal, or to `/docs` without one.',
  })
  @ApiOkResponse({ type: ServiceIndexDto })
  @ApiFoundResponse({ description: 'A browser: to `/portal/`, or to `/docs` when the portal is not built.' })
  serviceIndex(@Headers('accept') accept: string | undefined, @Res() reply: FastifyReply): void {
    // The status said: Nest has set the route's 200 already, which Fastify's redirect would keep.
    if (wantsPage(accept)) void reply.redirect(this.index.portal ?? this.index.docs, 302);
    else void reply.send(this.index);
  }
}
