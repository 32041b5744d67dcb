import { Body, Controller, Delete, Get, HttpCode, Param, Put, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import { Auth } from '../guards/auth.decorator';
import { ErrorBodyDto } from '../../common/errors/error-body.dto';
import { ApiPage } from '../../common/pagination/api-page.decorator';
import { envelope, pageOf } from '../../common/pagination/page';
import { PageQueryDto } from '../../common/pagination/page-query.dto';
import { LicenseNameParamDto } from './dto/license-name-param.dto';
import { LicenseDto, toLicenseDto } from './dto/license.dto';
import { PutLicenseDto } from './dto/put-license.dto';
import { LicensesService } from './licenses.service';

@ApiTags('admin')
@Controller('admin/licenses')
export class AdminLicensesController {
  constructor(private readonly licenses: LicensesService) {}

  @Get()
  @Auth('admin')
  @ApiOperation({ summary: 'List the licenses, ordered by name.' })
  @ApiPage('licenses', LicenseDto)
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: 'Invalid limit or offset.' })
  async listLicenses(@Query() query: PageQueryDto) {
    const page = pageOf(query);
    const { items, total } = await this.licenses.list(page);
    return envelope('licenses', page, items.map(toLicenseDto), total);
  }

  @Put(':name')
  @Auth('admin')
  @ApiOperation({
    summary: 'Create or replace a license.',
    description: 'Accounts holding the license are held to the new limits at once.',
  })
  // 200 whether created or replaced: PUT names the whole resource, and the contract gives licenses one answer.
  @ApiOkResponse({ type: LicenseDto, description: 'The license as stored.' })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: 'Invalid name or limits.' })
  async putLicense(@Param() params: LicenseNameParamDto, @Body() body: PutLicenseDto): Promise<LicenseDto> {
    return toLicenseDto(await this.licenses.put(params.name, body));
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
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: 'License not found.' })
  async deleteLicense(@Param('name') name: string): Promise<void> {
    await this.licenses.remove(name);
  }
}
