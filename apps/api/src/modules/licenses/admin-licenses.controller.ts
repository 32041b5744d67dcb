import { ApiErrorResponse } from '../../common/errors/api-error-response.decorator';
import { Messages } from '../../common/errors/messages';
import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import { Auth } from '../guards/auth.decorator';
import { ApiPage } from '../../common/pagination/api-page.decorator';
import { envelope, pageOf } from '../../common/pagination/page';
import { LIMIT_MESSAGE, PageQueryDto } from '../../common/pagination/page-query.dto';
import { CreateLicenseDto } from './dto/create-license.dto';
import { LicenseNameParamDto } from './dto/license-name-param.dto';
import { LicenseDto, toLicenseDto } from './dto/license.dto';
import { PutLicenseDto } from './dto/put-license.dto';
import { LicensesService } from './licenses.service';
import { Deadline } from '../../common/deadline';
import { RequestDeadline } from '../../common/http/request-deadline.decorator';

@ApiTags('admin')
@Controller('admin/licenses')
export class AdminLicensesController {
  constructor(private readonly licenses: LicensesService) {}

  @Get()
  @Auth('admin')
  @ApiOperation({ summary: 'List the licenses, ordered by name.' })
  @ApiPage('licenses', LicenseDto)
  @ApiErrorResponse(400, 'Invalid limit or offset.', LIMIT_MESSAGE)
  async listLicenses(@Query() query: PageQueryDto) {
    const page = pageOf(query);
    const { items, total } = await this.licenses.list(page);
    return envelope('licenses', page, items.map(toLicenseDto), total);
  }

  @Post()
  @Auth('admin')
  @ApiOperation({
    summary: 'Create a license.',
    description: 'Refuses a name already taken (409): replacing a license is the explicit PUT.',
  })
  @ApiCreatedResponse({ type: LicenseDto, description: 'The license as stored.' })
  @ApiErrorResponse(
    400,
    'Invalid name or limits.',
    Messages.invalidField('perSecond', 'a whole number from 1 to 2147483647'),
  )
  @ApiErrorResponse(409, 'A license with this name exists.', Messages.licenseExists)
  async createLicense(
    @Body() body: CreateLicenseDto,
    @RequestDeadline() deadline: Deadline,
  ): Promise<LicenseDto> {
    const { name, ...limits } = body;
    return toLicenseDto(await this.licenses.create(name, limits, deadline));
  }

  @Put(':name')
  @Auth('admin')
  @ApiOperation({
    summary: 'Create or replace a license.',
    description: 'Accounts holding the license are held to the new limits at once.',
  })
  // 200 whether created or replaced: PUT names the whole resource, and the contract gives licenses one answer.
  @ApiOkResponse({ type: LicenseDto, description: 'The license as stored.' })
  @ApiErrorResponse(
    400,
    'Invalid name or limits.',
    Messages.invalidField('perSecond', 'a whole number from 1 to 2147483647'),
  )
  async putLicense(
    @Param() params: LicenseNameParamDto,
    @Body() body: PutLicenseDto,
    @RequestDeadline() deadline: Deadline,
  ): Promise<LicenseDto> {
    return toLicenseDto(await this.licenses.put(params.name, body, deadline));
  }

  @Delete(':name')
  @Auth('admin')
  @HttpCode(204)
  @ApiOperation({
    summary: 'Delete a license.',
    description: 'Accounts holding it are left without a license (their metered calls are refused with 403).',
  })
  @ApiParam({ name: 'name', type: String })
  @ApiNoContentResponse({ description: 'The license is gone.' })
  @ApiErrorResponse(404, 'License not found.', Messages.licenseNotFound)
  async deleteLicense(@Param('name') name: string, @RequestDeadline() deadline: Deadline): Promise<void> {
    await this.licenses.remove(name, deadline);
  }
}
