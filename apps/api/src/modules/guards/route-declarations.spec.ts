import { Controller, Get, Post } from '@nestjs/common';
import { StaticReflector } from '../../common/metadata/static-reflector';
import { Auth } from './auth.decorator';
import { undeclaredRoutes } from './route-declarations';

@Controller('dummy')
class DummyController {
  @Get('declared')
  @Auth('public')
  declared() {
    return 'ok';
  }

  @Post('forgotten')
  forgotten() {
    return 'should never be served';
  }

  /** Not a route: no decorator, no declaration needed. */
  helper() {
    return 'plain method';
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

class ForgottenInBase {
  @Get('base')
  fromBase() {
    return 'inherited route';
  }
}

@Controller('dummy-derived')
class DerivedController extends ForgottenInBase {}

describe('undeclaredRoutes (start-up refuses routes without @Auth)', () => {
  const reflector = new StaticReflector();

  it('accepts a declaration on the handler or on its class, and ignores methods that are not routes', () => {
    expect(undeclaredRoutes([DeclaredAtClassController], reflector)).toEqual([]);
  });

  it('names every route that declares nothing, inherited ones included', () => {
    expect(undeclaredRoutes([DummyController, DerivedController], reflector)).toEqual([
      'POST DummyController.forgotten',
      'GET DerivedController.fromBase',
    ]);
  });
});
