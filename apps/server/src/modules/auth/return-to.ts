// Where to go after sign-in: a path on our own origin, never an outside URL, never back to sign-in.
export function safeReturnTo(raw: string | undefined, publicOrigin: string): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return '/';
  try {
    const url = new URL(raw, publicOrigin);
    if (url.origin !== publicOrigin || url.pathname.startsWith('/api/')) return '/';
    return url.pathname + url.search + url.hash;
  } catch {
    return '/';
  }
}
