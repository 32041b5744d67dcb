// The design's floor for `npm run bench`: a bare NestJS app on Fastify, built from the checkout's own packages,
// whose one route passes five no-op guards (as a metered route passes its five) and sends the very bytes the API
// answered. No logger, no hooks, no pipes: what the framework costs on its own, so that a ratio to it measures
// what the service adds. Reads `{ "<url>": { "body": "…", "contentType": "…" } }` from the file given as argument;
// prints its port. Plain JavaScript: the decorators are applied as functions.
import 'reflect-metadata';
import { Controller, Get, Injectable, Module, Post, Req, Res, UseGuards } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { readFileSync } from 'node:fs';

const answers = new Map(Object.entries(JSON.parse(readFileSync(process.argv[2], 'utf8'))));

const guards = Array.from({ length: 5 }, (_, i) => {
  const guard = {
    [`NoOpGuard${i + 1}`]: class {
      canActivate() {
        return true;
      }
    },
  }[`NoOpGuard${i + 1}`];
  Injectable()(guard);
  return guard;
});

class FloorController {
  answer(request, reply) {
    const answer = answers.get(request.url);
    if (!answer) return reply.code(404).send();
    return reply.type(answer.contentType).send(answer.body);
  }
}
const method = Object.getOwnPropertyDescriptor(FloorController.prototype, 'answer');
Req()(FloorController.prototype, 'answer', 0);
Res()(FloorController.prototype, 'answer', 1);
Reflect.decorate([Get('*'), UseGuards(...guards)], FloorController.prototype, 'answer', method);
// The POST of the MCP row: the same answer, on a handler of its own (route metadata sits on the function).
FloorController.prototype.answerPost = function answerPost(request, reply) {
  return this.answer(request, reply);
};
const postMethod = Object.getOwnPropertyDescriptor(FloorController.prototype, 'answerPost');
Req()(FloorController.prototype, 'answerPost', 0);
Res()(FloorController.prototype, 'answerPost', 1);
Reflect.decorate([Post('*'), UseGuards(...guards)], FloorController.prototype, 'answerPost', postMethod);
Controller()(FloorController);

class FloorModule {}
Module({ controllers: [FloorController], providers: guards })(FloorModule);

const app = await NestFactory.create(FloorModule, new FastifyAdapter(), { logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${app.getHttpServer().address().port}\n`);
