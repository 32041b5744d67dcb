// The baseline of `npm run bench`: a bare Fastify server answering each benchmarked URL with the very bytes the
// API answered, so that a ratio measures what the service adds (routing, guards, metering, headers) and nothing
// else. Reads `{ "<url>": { "body": "…", "contentType": "…" } }` from the file given as argument; prints its port.
import Fastify from 'fastify';
import { readFileSync } from 'node:fs';

const answers = new Map(Object.entries(JSON.parse(readFileSync(process.argv[2], 'utf8'))));
const app = Fastify();
const answer = (request, reply) => {
  const found = answers.get(request.url);
  if (!found) return reply.code(404).send();
  return reply.type(found.contentType).send(found.body);
};
app.get('*', answer);
// The POST of the MCP row (its JSON-RPC body is read and parsed, as any server's would be).
app.post('*', answer);
await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${app.server.address().port}\n`);
