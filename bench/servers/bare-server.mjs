// The yardstick: a bare Node http server answering with a fixed JSON body.
import http from 'node:http';

const body = Buffer.from(process.env.BENCH_BODY ?? '[]');
http
  .createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
    res.end(body);
  })
  .listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('ready'));
