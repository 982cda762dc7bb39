/** Query keys of the selling feature (issue 14: flash deals and live auctions). */
export const sellingKeys = {
  activeDeal: (streamId: string) => ['/api/streams', streamId, 'deal', 'active'] as const,
  activeAuction: (streamId: string) => ['/api/streams', streamId, 'auction', 'active'] as const,
};
