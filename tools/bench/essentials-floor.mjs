#!/usr/bin/env node
// `node tools/bench/essentials-floor.mjs`: what the design's metered essentials cost on their own, measured on the
// floor of `npm run bench` (a bare NestJS + Fastify app whose route passes five no-op guards), each variant a
// server in its own process, autocannon with 50 connections for BENCH_SECONDS (default 5) after 2 s of warm-up:
//   one auto-pipelined Redis script per request (REDIS_URL, default redis://127.0.0.1:6379), one pino JSON access
//   line to an asynchronous destination, the seven metering headers, then all three together.
// It tells how close to the floor any implementation that keeps those essentials can come (issue 20).
import 'reflect-metadata';
import { Controller, Get, Injectable, Module, Req, Res, UseGuards } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import autocannon from 'autocannon';
import Redis from 'ioredis';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pino from 'pino';

const VARIANTS = [
  ['000', 'floor'],
  ['100', '+ one Redis script per request'],
  ['010', '+ one JSON access line (async destination)'],
  ['001', '+ the seven metering headers'],
  ['111', 'all three'],
];
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const BODY = JSON.stringify({ date: '2024-11-20', numbers: [1, 2, 3, 4, 5, 6].map((value) => ({ value })) });

if (process.argv[2] === 'serve') await serve(process.argv[3], Number(process.argv[4]));
else await measure();

async function serve(variant, port) {
  const [withRedis, withLog, withHeaders] = variant.split('').map((c) => c === '1');
  const redis = withRedis
    ? new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { enableAutoPipelining: true })
    : null;
  redis?.defineCommand('charge', {
    numberOfKeys: 2,
    lua: "return {redis.call('INCR', KEYS[1]), redis.call('INCR', KEYS[2])}",
  });
  const log = withLog ? pino(pino.destination({ dest: '/dev/null', sync: false })) : null;
  const guards = Array.from({ length: 5 }, (_, i) => {
    const guard = {
      [`NoOpGuard${i}`]: class {
        canActivate() {
          return true;
        }
      },
    }[`NoOpGuard${i}`];
    Injectable()(guard);
    return guard;
  });
  class EssentialsController {
    async answer(request, reply) {
      if (redis) await redis.charge('bench:quota', 'bench:rate');
      if (withHeaders)
        reply.headers({
          'X-RateLimit-Limit': '20',
          'X-RateLimit-Remaining': '19',
          'X-RateLimit-Reset': '1',
          'X-Quota-Limit': '1000',
          'X-Quota-Remaining': '999',
          'X-Quota-Reset': '2026-12-01T00:00:00.000Z',
          'X-Request-Id': 'bench-1',
        });
      reply.type('application/json; charset=utf-8').send(BODY);
      log?.info(
        { reqId: 'bench-1', method: request.method, url: request.url, status: 200, ms: 0.4 },
        'request completed',
      );
    }
  }
  const method = Object.getOwnPropertyDescriptor(EssentialsController.prototype, 'answer');
  Req()(EssentialsController.prototype, 'answer', 0);
  Res()(EssentialsController.prototype, 'answer', 1);
  Reflect.decorate([Get('*'), UseGuards(...guards)], EssentialsController.prototype, 'answer', method);
  Controller()(EssentialsController);
  class EssentialsModule {}
  Module({ controllers: [EssentialsController], providers: guards })(EssentialsModule);
  const app = await NestFactory.create(EssentialsModule, new FastifyAdapter(), { logger: false });
  await app.listen({ port, host: '127.0.0.1' });
}

async function measure() {
  const rows = [];
  for (const [variant, name] of VARIANTS) {
    const port = 4400 + rows.length;
    const child = spawn(process.execPath, [fileURLToPath(import.meta.url), 'serve', variant, String(port)], {
      stdio: 'inherit',
    });
    const url = `http://127.0.0.1:${port}/x`;
    while (
      !(await fetch(url).then(
        () => true,
        () => false,
      ))
    )
      await new Promise((r) => setTimeout(r, 100));
    await autocannon({ url, connections: 50, duration: 2 });
    const result = await autocannon({ url, connections: 50, duration: SECONDS });
    rows.push({ name, rps: result.requests.average, p99: result.latency.p99 });
    child.kill();
    await new Promise((r) => child.once('exit', r));
  }
  console.log('| server | req/s | × floor | p99 |\n|---|---|---|---|');
  for (const { name, rps, p99 } of rows)
    console.log(
      `| ${name} | ${Math.round(rps).toLocaleString('en-US')} | ${(rps / rows[0].rps).toFixed(2)}× | ${p99} ms |`,
    );
}
