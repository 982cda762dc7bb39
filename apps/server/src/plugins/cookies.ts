import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance, FastifyRequest } from 'fastify';

// request.cookies, parsed the first time something reads it (issue 31): most requests — the live
// list, files, webhooks — never do, and @fastify/cookie parsed the header and set up its reply hooks on
// every one. Nothing here sets cookies through Fastify (better-auth and our routes write Set-Cookie
// headers themselves), so the parser is all that is needed of the plugin.
const PARSED = Symbol('cookies');

type Cookies = FastifyRequest['cookies'];
type WithParsed = FastifyRequest & { [PARSED]: Cookies | null };

export function registerCookies(app: FastifyInstance) {
  app.decorateRequest(PARSED, null);
  app.decorateRequest('cookies', {
    getter(this: FastifyRequest) {
      const request = this as WithParsed;
      let cookies = request[PARSED];
      if (cookies === null) {
        const header = request.headers.cookie;
        cookies = request[PARSED] = header ? fastifyCookie.parse(header) : {};
      }
      return cookies;
    },
  });
}
