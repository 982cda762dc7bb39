import type { QueryFunction } from '@tanstack/react-query';

// SPEC section 7: any non-OK answer becomes an Error whose message is
// "<status>: <body text>" (or the status text when the body is empty).
async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = await res.text();
  throw new Error(`${res.status}: ${text || res.statusText}`);
}

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export async function apiRequest(method: HttpMethod, url: string, body?: unknown): Promise<Response> {
  const res = await fetch(url, {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'include',
  });
  await throwIfResNotOk(res);
  return res;
}

/** Sends a file as the raw request body (an upload), with the same error rule as apiRequest. */
export async function apiUpload(url: string, file: Blob, contentType: string = file.type): Promise<Response> {
  const res = await fetch(url, { method: 'POST', headers: { 'Content-Type': contentType }, body: file, credentials: 'include' });
  await throwIfResNotOk(res);
  return res;
}

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/** GET a JSON resource; with on401 'returnNull' a 401 answer yields null instead of an error. */
export async function getJson<T>(url: string, { on401 = 'throw' }: { on401?: UnauthorizedBehavior } = {}): Promise<T | null> {
  const res = await fetch(url, { credentials: 'include' });
  if (on401 === 'returnNull' && res.status === 401) return null;
  await throwIfResNotOk(res);
  return (await res.json()) as T;
}

/** A query function that fetches the URL made by joining the query key with '/'. */
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return ({ queryKey }) => getJson<T>(queryKey.join('/'), { on401 });
}

// SPEC section 8: an error whose message starts with 401 and contains 'Unauthorized' is an expired session.
export function isUnauthorizedError(error: unknown): boolean {
  return error instanceof Error && /^401: .*Unauthorized/.test(error.message);
}

/**
 * `message` is the server's words (or the error's); `userMessage` only what a person should read: a
 * 4xx answer's message, which the server writes in their language. A dropped connection ("Failed to
 * fetch") or a 5xx gives null, so the caller shows its own translated text.
 */
export type ApiErrorInfo = { status: number | null; message: string | null; userMessage: string | null };

/** Reads the status and the server's `{message}` back out of an Error made by this client. */
export function parseApiError(error: unknown): ApiErrorInfo {
  if (!(error instanceof Error)) return { status: null, message: null, userMessage: null };
  const match = /^(\d{3}): ([\s\S]*)$/.exec(error.message);
  if (!match) return { status: null, message: error.message || null, userMessage: null };
  const status = Number(match[1]);
  const body = match[2] ?? '';
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object' && typeof (parsed as { message?: unknown }).message === 'string') {
      const message = (parsed as { message: string }).message;
      return { status, message, userMessage: status >= 400 && status < 500 ? message : null };
    }
  } catch {
    // Not JSON: the body text (or the status text) is the message.
  }
  return { status, message: body || null, userMessage: null };
}
