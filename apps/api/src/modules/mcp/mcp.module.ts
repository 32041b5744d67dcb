import { Module } from '@nestjs/common';
import { GuardsModule } from '../guards/guards.module';
import { McpController } from './mcp.controller';
import { McpEndpoint } from './mcp-server';
import { McpToolCatalog } from './tool-catalog';
import { McpToolRunner } from './tool-runner';

/**
 * The Model Context Protocol endpoint for AI agents (issue 32, contract section 11): the metered lottery routes as
 * MCP tools. It depends on no feature module: each tool call is its REST route, run in-process.
 */
@Module({
  imports: [GuardsModule],
  controllers: [McpController],
  providers: [McpEndpoint, McpToolCatalog, McpToolRunner],
})
export class McpModule {}
