import { ApiProperty } from '@nestjs/swagger';

/** GET / for an API client: where to go next, as paths on this server (right behind a proxy too). */
export class ServiceIndexDto {
  @ApiProperty({ example: 'Lottery Results Service' })
  name!: string;

  @ApiProperty({ example: '/docs', description: 'The API reference (Swagger UI).' })
  docs!: string;

  @ApiProperty({ example: '/openapi.json', description: 'The OpenAPI document the SDK is generated from.' })
  openapi!: string;

  @ApiProperty({
    type: String,
    nullable: true,
    example: '/portal/',
    description: 'The web portal (accounts, tokens, Try it); null when this server was started without it.',
  })
  portal!: string | null;
}
