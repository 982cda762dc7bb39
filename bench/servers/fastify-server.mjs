// A plain Fastify app serving the live list's bytes with the same headers (BENCH_HEADERS, a JSON
// object, set in one onRequest hook as a helmet-like plugin would) and a request id per response:
// what the framework alone costs, the yardstick for the app's own hooks (issue 31).
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';

const body = Buffer.from(process.env.BENCH_BODY ?? '[]');
const headers = process.env.BENCH_HEADERS ? JSON.parse(process.env.BENCH_HEADERS) : {};
const app = Fastify({ logger: false, requestIdHeader: false, genReqId: () => randomUUID() });
app.addHook('onRequest', (request, reply, done) => {
  reply.header('x-request-id', request.id);
  reply.headers(headers);
  done();
});
app.get('/', (_request, reply) => {
  reply.type('application/json; charset=utf-8').send(body);
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.send?.('ready');
