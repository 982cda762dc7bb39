import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { findToast, renderWithProviders } from '@/testing/render';
import { engagementKeys } from '../api/keys';
import { GiftsPanel } from './gifts-panel';

const STREAM = '00000000-0000-4000-8000-0000000000aa';
const ME = '00000000-0000-4000-8000-000000000001';

afterEach(() => vi.unstubAllGlobals());

describe('GiftsPanel', () => {
  it('shows the six gifts, the balance and the low-balance prompt, and refuses a gift it cannot pay for', async () => {
    const fetchMock = vi.fn(async () => new Response('[]'));
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<GiftsPanel streamId={STREAM} isSeller={false} userId={ME} />, {
      seed: (qc) => {
        qc.setQueryData(engagementKeys.wallet(), { balance: 7 });
        qc.setQueryData(engagementKeys.recentGifts(STREAM), []);
      },
    });
    expect(screen.getAllByRole('button', { name: /^Send / })).toHaveLength(6);
    expect(screen.getByText('7 coins')).toBeTruthy();
    expect(screen.getByText('Need more coins?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send Coffee for 10 coins' }));
    await findToast("You don't have enough coins to send this gift");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("leads from 'Need more coins?' and 'Buy coins' to the coin packs", () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('[]')));
    const onBuyCoins = vi.fn();
    renderWithProviders(<GiftsPanel streamId={STREAM} isSeller={false} userId={ME} onBuyCoins={onBuyCoins} />, {
      seed: (qc) => {
        qc.setQueryData(engagementKeys.wallet(), { balance: 3 });
        qc.setQueryData(engagementKeys.recentGifts(STREAM), []);
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Need more coins?' }));
    fireEvent.click(screen.getByRole('button', { name: 'Buy coins' }));
    expect(onBuyCoins).toHaveBeenCalledTimes(2);
  });

  it('shows the owner earnings and no send buttons', () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('[]')));
    renderWithProviders(<GiftsPanel streamId={STREAM} isSeller userId={ME} />, {
      seed: (qc) => {
        qc.setQueryData(engagementKeys.giftEarnings(STREAM), { coins: 42 });
        qc.setQueryData(engagementKeys.recentGifts(STREAM), []);
      },
    });
    expect(screen.getByText('Gift earnings: 42 coins')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Send / })).toBeNull();
  });
});
