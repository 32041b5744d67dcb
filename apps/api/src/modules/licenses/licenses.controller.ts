import { ApiErrorResponse } from '../../common/errors/api-error-response.decorator';
import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiError } from '../../common/errors/api-error';
import { Messages } from '../../common/errors/messages';
import { SETTINGS } from '../../config/settings.module';
import type { Settings } from '../../config/settings';
import { Auth } from '../guards/auth.decorator';
import { LicenseDto, toLicenseDto } from './dto/license.dto';
import { LicensesService } from './licenses.service';

/** What anyone may know about licenses: the free tier a new account receives (the portal's landing page). */
@ApiTags('auth')
@Controller('licenses')
export class LicensesController {
  constructor(
    private readonly licenses: LicensesService,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  @Get('default')
  @Auth('public')
  @ApiOperation({
    summary: 'The license a new account receives (DEFAULT_LICENSE): its quota and rate limits.',
  })
  @ApiOkResponse({ type: LicenseDto })
  @ApiErrorResponse(404, 'New accounts receive no license.', Messages.defaultLicenseMissing)
  async getDefaultLicense(): Promise<LicenseDto> {
    const license = this.settings.defaultLicense
      ? await this.licenses.findByName(this.settings.defaultLicense)
      : null;
    if (!license) throw ApiError.notFound(Messages.defaultLicenseMissing);
    return toLicenseDto(license);
  }
}
