import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, readEnv } from '../config/env.js';
import { registerSecurity, securityHeaders } from './security.js';

const config = loadConfig({ ...readEnv(), PUBLIC_URL: 'https://live.example.in' });
const app = Fastify();
const ours = { origin: 'https://live.example.in' };
const foreign = { origin: 'https://evil.example.com' };
beforeAll(async () => {
  await registerSecurity(app, config);
  app.get('/read', async () => ({ ok: true }));
  app.post('/write', async () => ({ ok: true }));
  app.route({ method: ['GET', 'DELETE'], url: '/both', handler: async () => ({ ok: true }) });
  // A route with hooks of its own: the Origin check runs before them.
  app.post('/guarded', { onRequest: async (_request, reply) => reply.code(401).send({ message: 'Unauthorized' }) }, async () => ({ ok: true }));
});
afterAll(() => app.close());

describe('security headers and the Origin check', () => {
  it('puts every security header on answers, refusals and 404s', async () => {
    const expected = securityHeaders(config);
    const answers = [
      await app.inject({ url: '/read' }),
      await app.inject({ method: 'POST', url: '/write', headers: foreign }),
      await app.inject({ url: '/nothing-here' }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 403, 404]);
    for (const res of answers) for (const [name, value] of Object.entries(expected)) expect(res.headers[name], name).toBe(value);
  });

  it('refuses a state-changing request from another origin, before the route’s own hooks', async () => {
    expect((await app.inject({ method: 'POST', url: '/write', headers: foreign })).json()).toEqual({ message: 'Forbidden: request from a foreign origin' });
    expect((await app.inject({ method: 'POST', url: '/guarded', headers: foreign })).statusCode).toBe(403);
    expect((await app.inject({ method: 'DELETE', url: '/both', headers: foreign })).statusCode).toBe(403);
    expect((await app.inject({ method: 'POST', url: '/write', headers: { 'sec-fetch-site': 'cross-site' } })).statusCode).toBe(403);
  });

  it('lets our own pages, bearer-only callers and safe methods through', async () => {
    expect((await app.inject({ method: 'POST', url: '/write', headers: ours })).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/write' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/write', headers: { ...foreign, authorization: 'Bearer key-123' } })).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/guarded', headers: ours })).statusCode).toBe(401);
    expect((await app.inject({ url: '/read', headers: foreign })).statusCode).toBe(200);
    expect((await app.inject({ url: '/both', headers: foreign })).statusCode).toBe(200);
  });
});
