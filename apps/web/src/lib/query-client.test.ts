import { describe, expect, it } from 'vitest';
import { createQueryClient } from './query-client';

describe('query client', () => {
  it('follows SPEC section 9: never stale, no refetch on focus or interval, no retries', () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions();
    expect(queries).toMatchObject({ staleTime: Infinity, refetchOnWindowFocus: false, refetchInterval: false, retry: false });
    expect(mutations).toMatchObject({ retry: false });
  });
});
