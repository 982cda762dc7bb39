// The yardstick: a bare Node http server answering with a fixed JSON body.
// BENCH_HEADERS (a JSON object): headers sent with it too, plus a fresh x-request-id as the app sends.
import { randomUUID } from 'node:crypto';
import http from 'node:http';

const body = Buffer.from(process.env.BENCH_BODY ?? '[]');
const extra = process.env.BENCH_HEADERS ? JSON.parse(process.env.BENCH_HEADERS) : null;
http
  .createServer((_req, res) => {
    if (extra) res.writeHead(200, { 'x-request-id': randomUUID(), ...extra, 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
    else res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
    res.end(body);
  })
  .listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('ready'));
