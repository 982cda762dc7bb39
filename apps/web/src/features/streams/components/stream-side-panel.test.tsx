import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { StreamSidePanel, type EngagementPanels } from './stream-side-panel';

// Issue 25: viewers stay on the Chat tab; the engagement feature marks the Poll tab and puts a line in
// the chat, and the line opens the Poll tab.
const panels: EngagementPanels = {
  poll: <p>The poll</p>,
  quiz: <p>The quiz</p>,
  gifts: <p>The gifts</p>,
  badges: { poll: <span data-testid="poll-badge" /> },
  chatInvites: (openTab) => (
    <li>
      <button type="button" onClick={() => openTab('poll')}>
        Poll: Which saree next? Vote
      </button>
    </li>
  ),
};

describe('StreamSidePanel', () => {
  it('marks the Poll tab while on Chat, and the chat’s line opens the Poll tab', () => {
    renderWithProviders(<StreamSidePanel chat={(openTab) => <ol aria-label="Chat messages">{panels.chatInvites?.(openTab)}</ol>} panels={panels} />);
    const pollTab = screen.getByRole('tab', { name: 'Poll' });
    expect(within(pollTab).getByTestId('poll-badge')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Chat', selected: true })).toBeTruthy();

    fireEvent.click(within(screen.getByRole('list', { name: 'Chat messages' })).getByRole('button', { name: 'Poll: Which saree next? Vote' }));
    expect(screen.getByRole('tab', { name: 'Poll', selected: true })).toBeTruthy();
    expect(screen.getByText('The poll')).toBeTruthy();
    // The open tab needs no mark.
    expect(screen.queryByTestId('poll-badge')).toBeNull();
  });
});
