import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, getJson, getQueryFn, isUnauthorizedError, parseApiError } from './api-client';

function stubFetch(status: number, body: string, statusText = '') {
  const fetchMock = vi.fn(async () => new Response(body === '' ? null : body, { status, statusText }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiRequest', () => {
  it('sends JSON with the session cookie', async () => {
    const fetchMock = stubFetch(200, '{"ok":true}');
    const res = await apiRequest('PATCH', '/api/auth/profile', { firstName: 'Asha' });
    expect(await res.json()).toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/profile', {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json' },
      body: '{"firstName":"Asha"}',
      credentials: 'include',
    });
  });

  it("turns a non-OK answer into an Error '<status>: <body>'", async () => {
    stubFetch(401, '{"message":"Unauthorized"}');
    await expect(apiRequest('GET', '/api/auth/user')).rejects.toThrow('401: {"message":"Unauthorized"}');
  });

  it('uses the status text when the body is empty', async () => {
    stubFetch(500, '', 'Internal Server Error');
    await expect(apiRequest('DELETE', '/api/wishlist/1')).rejects.toThrow('500: Internal Server Error');
  });
});

describe('getJson and getQueryFn', () => {
  it("yields null on 401 with on401 'returnNull'", async () => {
    stubFetch(401, '{"message":"Unauthorized"}');
    await expect(getJson('/api/auth/user', { on401: 'returnNull' })).resolves.toBeNull();
  });

  it("raises on 401 with on401 'throw'", async () => {
    stubFetch(401, '{"message":"Unauthorized"}');
    const queryFn = getQueryFn({ on401: 'throw' });
    await expect(queryFn({ queryKey: ['/api/streams/live'] } as never)).rejects.toThrow(/^401: /);
  });

  it('fetches the URL made from the query key', async () => {
    const fetchMock = stubFetch(200, '[]');
    const queryFn = getQueryFn({ on401: 'throw' });
    await expect(queryFn({ queryKey: ['/api/streams', 'abc', 'products'] } as never)).resolves.toEqual([]);
    expect(fetchMock).toHaveBeenCalledWith('/api/streams/abc/products', { credentials: 'include' });
  });
});

describe('isUnauthorizedError', () => {
  it('recognises an expired session by the 401 prefix and the word Unauthorized', () => {
    expect(isUnauthorizedError(new Error('401: {"message":"Unauthorized"}'))).toBe(true);
    expect(isUnauthorizedError(new Error('401: Unauthorized'))).toBe(true);
    expect(isUnauthorizedError(new Error('403: {"message":"Forbidden"}'))).toBe(false);
    expect(isUnauthorizedError(new Error('500: Unauthorized'))).toBe(false);
    expect(isUnauthorizedError('401: Unauthorized')).toBe(false);
  });
});

describe('parseApiError', () => {
  it("reads the status and the server's message", () => {
    const live = 'You already have a live stream';
    expect(parseApiError(new Error(`409: {"message":"${live}"}`))).toEqual({ status: 409, message: live, userMessage: live });
    expect(parseApiError(new Error('500: {"message":"Internal Server Error"}'))).toEqual({ status: 500, message: 'Internal Server Error', userMessage: null });
    expect(parseApiError(new Error('500: Internal Server Error'))).toEqual({ status: 500, message: 'Internal Server Error', userMessage: null });
    expect(parseApiError(new Error('Failed to fetch'))).toEqual({ status: null, message: 'Failed to fetch', userMessage: null });
    expect(parseApiError('nope')).toEqual({ status: null, message: null, userMessage: null });
  });
});
