import { Controller, Get } from '@nestjs/common';
import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host';
import { ApiError } from '../../common/errors/api-error';
import { StaticReflector } from '../../common/metadata/static-reflector';
import { Auth } from './auth.decorator';
import { RouteDeclaredGuard } from './route-declared.guard';

@Controller('dummy')
class DummyController {
  @Get('declared')
  @Auth('public')
  declared() {
    return 'ok';
  }

  @Get('forgotten')
  forgotten() {
    return 'should never be reached';
  }
}

@Controller('dummy-class')
@Auth('user')
class DeclaredAtClassController {
  @Get()
  inherited() {
    return 'ok';
  }
}

function contextFor(controller: object, handler: (...args: unknown[]) => unknown) {
  const request = { method: 'GET', routeOptions: { url: '/dummy' } };
  const context = new ExecutionContextHost([request, {}], controller as never, handler);
  return context;
}

describe('RouteDeclaredGuard (fails closed)', () => {
  const guard = new RouteDeclaredGuard(new StaticReflector());

  it('lets a route with an @Auth declaration through, on the handler or on its class', () => {
    expect(guard.canActivate(contextFor(DummyController, DummyController.prototype.declared))).toBe(true);
    expect(
      guard.canActivate(contextFor(DeclaredAtClassController, DeclaredAtClassController.prototype.inherited)),
    ).toBe(true);
  });

  it('refuses a route that declares nothing with a 403 in the contract body', () => {
    let thrown: unknown;
    try {
      guard.canActivate(contextFor(DummyController, DummyController.prototype.forgotten));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ApiError);
    expect((thrown as ApiError).status).toBe(403);
    expect((thrown as ApiError).body).toEqual({
      code: 403,
      error: 'Forbidden',
      message: 'Access to this route is not configured.',
    });
  });
});
