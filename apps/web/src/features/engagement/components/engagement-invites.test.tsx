import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Poll, Quiz } from '@live-market/contract/engagement';
import { getWsClient } from '@/lib/ws-connection';
import { renderWithProviders } from '@/testing/render';
import { engagementKeys } from '../api/keys';
import { EngagementChatInvites, EngagementTabBadge } from './engagement-invites';
import { EngagementLayer } from './gift-overlay';

const STREAM = '00000000-0000-4000-8000-0000000000aa';
const ME = '00000000-0000-4000-8000-000000000001';

const poll: Poll = {
  id: '00000000-0000-4000-8000-0000000000b1',
  streamId: STREAM,
  question: 'Which saree should I drape next?',
  isActive: true,
  options: [
    { id: '00000000-0000-4000-8000-0000000000c1', text: 'Banarasi', votes: [1] },
    { id: '00000000-0000-4000-8000-0000000000c2', text: 'Kanjivaram', votes: [] },
  ],
  durationSeconds: 60,
  endsAt: null,
  createdAt: new Date().toISOString(),
};
const quiz: Quiz = {
  id: '00000000-0000-4000-8000-0000000000d1',
  streamId: STREAM,
  title: 'Know your silks',
  isActive: true,
  questions: [{ id: '00000000-0000-4000-8000-0000000000e1', question: 'Which is from Varanasi?', options: ['Banarasi', 'Paithani', 'Patola', 'Ilkal'], points: 10 }],
  createdAt: new Date().toISOString(),
};

/** Every GET answers null: no vote and no quiz attempt of the viewer's yet. */
function stubFetch() {
  const fetchMock = vi.fn(async (_url: string) => new Response(JSON.stringify(null), { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The Chat tab's list with the invitations, and the Poll and Quiz tabs' badges. */
function renderInvites({ isOwner = false, poll: active = null as Poll | null, quiz: running = null as Quiz | null, voted = false } = {}) {
  const onOpen = vi.fn();
  renderWithProviders(
    <>
      <EngagementLayer streamId={STREAM} />
      <span data-testid="poll-tab">
        <EngagementTabBadge kind="poll" streamId={STREAM} userId={ME} isOwner={isOwner} />
      </span>
      <span data-testid="quiz-tab">
        <EngagementTabBadge kind="quiz" streamId={STREAM} userId={ME} isOwner={isOwner} />
      </span>
      <ol aria-label="Chat messages">
        <EngagementChatInvites streamId={STREAM} userId={ME} isOwner={isOwner} onOpen={onOpen} />
      </ol>
    </>,
    {
      seed: (qc) => {
        qc.setQueryData(engagementKeys.activePoll(STREAM), active);
        qc.setQueryData(engagementKeys.activeQuiz(STREAM), running);
        if (voted && active) qc.setQueryData(engagementKeys.myVote(active.id), { optionId: active.options[0]!.id });
      },
    },
  );
  return onOpen;
}
const chat = () => screen.getByRole('list', { name: 'Chat messages' });

afterEach(() => {
  getWsClient().destroy();
  vi.unstubAllGlobals();
});

describe('poll and quiz invitations on the Chat tab', () => {
  it('shows a running poll the viewer has not voted in on the Poll tab and as a chat line that opens the vote', async () => {
    stubFetch();
    const onOpen = renderInvites({ poll });
    const line = await within(chat()).findByRole('button', { name: /Which saree should I drape next\?/ });
    expect(line.textContent).toBe('Poll Which saree should I drape next?Vote');
    expect(screen.getByTestId('poll-tab-badge')).toBeTruthy();
    expect(within(screen.getByTestId('quiz-tab')).queryByTestId('quiz-tab-badge')).toBeNull();
    fireEvent.click(line);
    expect(onOpen).toHaveBeenCalledWith('poll');
  });

  it('asks nothing of a viewer who has voted', () => {
    const fetchMock = stubFetch();
    renderInvites({ poll, voted: true });
    expect(within(chat()).queryByRole('button')).toBeNull();
    expect(screen.queryByTestId('poll-tab-badge')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('the seller is not invited to their own poll', () => {
    const fetchMock = stubFetch();
    renderInvites({ poll, isOwner: true });
    expect(within(chat()).queryByRole('button')).toBeNull();
    expect(screen.queryByTestId('poll-tab-badge')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a quiz the seller starts while the viewer chats arrives from the room: a badge on Quiz and a Play line', async () => {
    class FakeSocket {
      static last: FakeSocket | null = null;
      readyState = 0;
      onopen: ((event: Event) => void) | null = null;
      onmessage: ((event: MessageEvent) => void) | null = null;
      onclose: ((event: CloseEvent) => void) | null = null;
      onerror: ((event: Event) => void) | null = null;
      constructor() {
        FakeSocket.last = this;
      }
      send() {}
      close() {}
    }
    vi.stubGlobal('WebSocket', FakeSocket);
    const fetchMock = stubFetch();
    const onOpen = renderInvites();
    getWsClient().joinStream(STREAM, ME);
    expect(within(chat()).queryByRole('button')).toBeNull();
    act(() => FakeSocket.last!.onmessage?.({ data: JSON.stringify({ type: 'quiz_started', streamId: STREAM, quiz }) } as MessageEvent));
    const line = await within(chat()).findByRole('button', { name: /Know your silks/ });
    expect(line.textContent).toBe('Quiz Know your silksPlay');
    expect(screen.getByTestId('quiz-tab-badge')).toBeTruthy();
    // Only the viewer's own attempt was asked for; the quiz itself came with the message.
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([`/api/quizzes/${quiz.id}/attempt`]);
    fireEvent.click(line);
    expect(onOpen).toHaveBeenCalledWith('quiz');

    act(() => FakeSocket.last!.onmessage?.({ data: JSON.stringify({ type: 'quiz_ended', streamId: STREAM, quizId: quiz.id, leaderboard: [] }) } as MessageEvent));
    await waitFor(() => expect(within(chat()).queryByRole('button')).toBeNull());
    expect(screen.queryByTestId('quiz-tab-badge')).toBeNull();
  });
});
