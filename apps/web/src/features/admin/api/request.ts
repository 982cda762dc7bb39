import { apiRequest } from '@/lib/api-client';

export const ADMIN_URL = '/api/admin';
export const OVERVIEW_URL = `${ADMIN_URL}/overview`;

/** GET an /api/admin/* answer as JSON (the contract's shape; the server validates what it sends). */
export async function getAdmin<T>(path: string): Promise<T> {
  return (await (await apiRequest('GET', `${ADMIN_URL}${path}`)).json()) as T;
}

/** POST to /api/admin/*; the answer's JSON, or null when it has none. */
export async function postAdmin<T = unknown>(path: string, body: unknown): Promise<T | null> {
  const res = await apiRequest('POST', `${ADMIN_URL}${path}`, body);
  const text = await res.text();
  return text ? (JSON.parse(text) as T) : null;
}
