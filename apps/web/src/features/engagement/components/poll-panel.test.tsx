import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Poll } from '@live-market/contract/engagement';
import { findToast, renderWithProviders } from '@/testing/render';
import { engagementKeys } from '../api/keys';
import { PollPanel } from './poll-panel';

const STREAM = '00000000-0000-4000-8000-0000000000aa';
const ME = '00000000-0000-4000-8000-000000000001';

const poll = (overrides: Partial<Poll> = {}): Poll => ({
  id: '00000000-0000-4000-8000-0000000000b1',
  streamId: STREAM,
  question: 'Which set next?',
  isActive: true,
  options: [
    { id: '00000000-0000-4000-8000-0000000000c1', text: 'Gold', votes: [1, 1] },
    { id: '00000000-0000-4000-8000-0000000000c2', text: 'Silver', votes: [1] },
  ],
  durationSeconds: 60,
  endsAt: null,
  createdAt: new Date().toISOString(),
  ...overrides,
});

function stubFetch(handler: (url: string, init?: RequestInit) => unknown = () => null) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => new Response(JSON.stringify(handler(url, init) ?? null), { status: init?.method === 'POST' ? 201 : 200 }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('PollPanel', () => {
  it('shows a seller Create Poll and the empty state when there is no poll', () => {
    stubFetch();
    renderWithProviders(<PollPanel streamId={STREAM} isSeller userId={ME} />, { seed: (qc) => qc.setQueryData(engagementKeys.activePoll(STREAM), null) });
    expect(screen.getByRole('button', { name: 'Create Poll' })).toBeTruthy();
    expect(screen.getByText('No active poll')).toBeTruthy();
    expect(screen.getByText('Create a poll to engage your viewers')).toBeTruthy();
  });

  it('shows a viewer nothing when there is no poll (SPEC section 2)', () => {
    stubFetch();
    const { container } = renderWithProviders(<PollPanel streamId={STREAM} isSeller={false} userId={ME} />, { seed: (qc) => qc.setQueryData(engagementKeys.activePoll(STREAM), null) });
    expect(container.textContent).toBe('');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows counts, one-decimal percentages and the Active label, and lets a viewer vote once', async () => {
    const fetchMock = stubFetch((url, init) => (init?.method === 'POST' ? { ok: true } : url.endsWith('/vote') ? null : poll()));
    renderWithProviders(<PollPanel streamId={STREAM} isSeller={false} userId={ME} />, { seed: (qc) => qc.setQueryData(engagementKeys.activePoll(STREAM), poll()) });
    expect(screen.getByText('Active')).toBeTruthy();
    expect(screen.getByText('2 votes · 66.7%')).toBeTruthy();
    expect(screen.getByText('1 vote · 33.3%')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'End Poll' })).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'Vote for Silver' }));
    await findToast('Vote Cast');
    await waitFor(() => expect(screen.getByText('Your vote')).toBeTruthy());
    expect(screen.getByText("You've already voted in this poll")).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Vote for/ })).toBeNull();
    expect(fetchMock).toHaveBeenCalledWith('/api/polls/00000000-0000-4000-8000-0000000000b1/vote', expect.objectContaining({ method: 'POST', body: JSON.stringify({ optionId: '00000000-0000-4000-8000-0000000000c2' }) }));
  });

  it('shows an ended poll without vote buttons', () => {
    stubFetch();
    renderWithProviders(<PollPanel streamId={STREAM} isSeller={false} userId={ME} />, { seed: (qc) => qc.setQueryData(engagementKeys.activePoll(STREAM), poll({ isActive: false })) });
    expect(screen.getByText('Ended')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Vote for/ })).toBeNull();
  });

  it('lets the seller end an active poll', async () => {
    stubFetch((_, init) => (init?.method === 'PATCH' ? poll({ isActive: false }) : null));
    renderWithProviders(<PollPanel streamId={STREAM} isSeller userId={ME} />, { seed: (qc) => qc.setQueryData(engagementKeys.activePoll(STREAM), poll()) });
    fireEvent.click(screen.getByRole('button', { name: 'End Poll' }));
    await findToast('Poll results are now final');
    expect(await screen.findByText('Ended')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create Poll' })).toBeTruthy();
  });
});
