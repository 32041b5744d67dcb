import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { Messages } from '../../../common/errors/messages';
import { PageQueryDto } from '../../../common/pagination/page-query.dto';
import { MAX_EMAIL_LENGTH } from '../email';

export class ListAccountsQueryDto extends PageQueryDto {
  @ApiPropertyOptional({
    example: 'example.com',
    description: 'Only accounts whose email contains this text (case-insensitive).',
  })
  @IsOptional()
  @IsString({ message: Messages.invalidField('email', `text of at most ${MAX_EMAIL_LENGTH} characters`) })
  @MaxLength(MAX_EMAIL_LENGTH, {
    message: Messages.invalidField('email', `text of at most ${MAX_EMAIL_LENGTH} characters`),
  })
  email?: string;
}
