// The baseline of `npm run bench`: a bare Fastify server answering each benchmarked URL with the very bytes the
// API answered, so that a ratio measures what the service adds (routing, guards, metering, headers) and nothing
// else. Reads `{ "<url>": { "body": "…", "contentType": "…" } }` from the file given as argument; prints its port.
import Fastify from 'fastify';
import { readFileSync } from 'node:fs';

const answers = new Map(Object.entries(JSON.parse(readFileSync(process.argv[2], 'utf8'))));
const app = Fastify();
app.get('*', (request, reply) => {
  const answer = answers.get(request.url);
  if (!answer) return reply.code(404).send();
  return reply.type(answer.contentType).send(answer.body);
});
await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${app.server.address().port}\n`);
