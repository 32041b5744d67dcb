import { Injectable } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { FastifyInstance } from 'fastify';
import { MCP_TOOLS, type McpToolDefinition } from './mcp-tools';
import {
  answerSchemaOf,
  bodySchemaOf,
  type JsonSchema,
  jsonSchemaOf,
  type OpenApiDocument,
  operationOf,
} from './output-schemas';

/** Where configureApp serves the OpenAPI document (SwaggerModule's jsonDocumentUrl). */
const OPENAPI_URL = '/openapi.json';

/**
 * The tools as `tools/list` answers them, with their input and output schemas read from the OpenAPI document that
 * the service serves: a tool's arguments are its route's path and query parameters (and JSON body), its output
 * the route's 200 answer, each as the DTOs declare them. The document is built once, on the first `tools/list`
 * (the same one GET /openapi.json serves, asked in-process), so that an endpoint nobody uses costs nothing; so is
 * the answer's JSON (≈ 41 KB), which McpEndpoint sends as it is.
 */
@Injectable()
export class McpToolCatalog {
  private listing?: Promise<string>;

  constructor(private readonly adapterHost: HttpAdapterHost) {}

  /** The result of `tools/list`, `{"tools": [...]}`, as JSON text. */
  encodedListing(): Promise<string> {
    this.listing ??= this.build().catch((error: unknown) => {
      this.listing = undefined; // a failure is not remembered: the next tools/list tries again
      throw error;
    });
    return this.listing;
  }

  private async build(): Promise<string> {
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    const response = await fastify.inject({ method: 'GET', url: OPENAPI_URL });
    if (response.statusCode !== 200) throw new Error(`${OPENAPI_URL} answered ${response.statusCode}`);
    return JSON.stringify({ tools: toolsOf(response.json<OpenApiDocument>()) });
  }
}

/** Every tool of MCP_TOOLS with its schemas from `document`. Exported for the unit tests. */
export function toolsOf(document: OpenApiDocument): Tool[] {
  return MCP_TOOLS.map((tool) => ({
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: inputSchemaOf(document, tool) as Tool['inputSchema'],
    outputSchema: outputSchemaOf(document, tool) as Tool['outputSchema'],
    // The tools read and never change anything; asking twice gives the same answer; no world beyond this service.
    annotations: {
      title: tool.title,
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: false,
    },
  }));
}

/** The route's path and query parameters, then the properties of its JSON body, as one object of arguments. */
function inputSchemaOf(document: OpenApiDocument, tool: McpToolDefinition): JsonSchema {
  const operation = operationOf(document, tool.route.method, tool.route.path);
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const parameter of operation.parameters ?? []) {
    if (parameter.in !== 'path' && parameter.in !== 'query') continue;
    const schema = jsonSchemaOf(document, parameter.schema ?? {});
    const description =
      tool.argumentDescriptions?.[parameter.name] ?? parameter.description ?? schema.description;
    properties[parameter.name] = { ...schema, ...(description === undefined ? {} : { description }) };
    if (parameter.in === 'path' && !tool.optional?.includes(parameter.name)) required.push(parameter.name);
  }
  const body = bodySchemaOf(document, operation);
  if (body) {
    for (const [name, schema] of Object.entries((body.properties ?? {}) as Record<string, JsonSchema>)) {
      const description = tool.argumentDescriptions?.[name];
      properties[name] = description === undefined ? schema : { ...schema, description };
    }
    required.push(...((body.required ?? []) as string[]));
  }
  return { type: 'object', properties, ...(required.length ? { required } : {}) };
}

/** The route's 200 answer; for a tool that keeps some of its properties, those. */
function outputSchemaOf(document: OpenApiDocument, tool: McpToolDefinition): JsonSchema {
  const operation = operationOf(document, tool.route.method, tool.route.path);
  const answer = answerSchemaOf(document, operation);
  if (answer?.type !== 'object') {
    throw new Error(`${tool.route.method} ${tool.route.path} does not answer a JSON object: no MCP output`);
  }
  if (!tool.keep) return answer;
  const properties = answer.properties as Record<string, JsonSchema>;
  const required = (answer.required ?? []) as string[];
  return {
    type: 'object',
    properties: Object.fromEntries(tool.keep.map((name) => [name, properties[name]])),
    required: required.filter((name) => tool.keep?.includes(name)),
  };
}
