import { render, screen, within, type RenderResult } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { CurrentUser } from '@live-market/contract/auth';
import type { LiveStream, StreamDetail } from '@live-market/contract/streams';
import { AppProvider } from '@/app/provider';
import { createQueryClient } from '@/lib/query-client';

type RenderOptions = {
  path?: string;
  /** undefined leaves the query empty; null means signed out. */
  user?: CurrentUser | null;
  liveStreams?: LiveStream[];
  /** Seeds any other query data (or query state) before the first render. */
  seed?: (queryClient: QueryClient) => void;
};

/** Renders with the app's providers, a fresh query client seeded with data (no network), and an in-memory location. */
export function renderWithProviders(ui: ReactElement, { path = '/', user, liveStreams, seed }: RenderOptions = {}): RenderResult & { location: () => string } {
  const queryClient = createQueryClient();
  if (user !== undefined) queryClient.setQueryData(['/api/auth/user'], user);
  if (liveStreams !== undefined) queryClient.setQueryData(['/api/streams/live'], liveStreams);
  seed?.(queryClient);
  const memory = memoryLocation({ path, record: true });
  const result = render(
    <AppProvider queryClient={queryClient}>
      <Router hook={memory.hook}>{ui}</Router>
    </AppProvider>,
  );
  return { ...result, location: () => memory.history.at(-1) ?? path };
}

export function makeUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    firstName: 'Asha',
    lastName: 'Verma',
    email: 'asha@example.in',
    phoneNumber: null,
    profileImageUrl: null,
    isSeller: false,
    seller: null,
    language: null,
    pushEnabled: true,
    ...overrides,
  };
}

/** An ended stream (its page opens no camera and no WebRTC player), seller Varanasi Weaves. */
export function makeEndedStream(overrides: Partial<StreamDetail> = {}): StreamDetail {
  const sellerId = '00000000-0000-4000-8000-0000000000bb';
  return {
    id: '00000000-0000-4000-8000-0000000000aa',
    sellerId,
    title: 'Diwali silk sarees',
    description: 'Handwoven from Varanasi',
    thumbnailUrl: null,
    isLive: false,
    viewerCount: 0,
    startedAt: '2025-01-01T10:00:00.000Z',
    endedAt: '2025-01-01T11:00:00.000Z',
    scheduledFor: null,
    language: 'en',
    featuredProduct: null,
    seller: { id: sellerId, userId: '00000000-0000-4000-8000-0000000000cc', storeName: 'Varanasi Weaves' },
    chatSettings: { slowModeSeconds: 0, followersOnly: false, linksAllowed: false },
    chatRole: 'viewer',
    ...overrides,
  };
}

/** Finds a toast (title or description) in the notifications region, not a field message with the same text. */
export async function findToast(text: string | RegExp): Promise<HTMLElement> {
  const region = await screen.findByRole('region', { name: /Notifications/ });
  return within(region).findByText(text);
}
