import type { CurrentUser } from '@live-market/contract/auth';
import { GiftsPanel } from '@/features/engagement/components/gifts-panel';
import { EngagementLayer } from '@/features/engagement/components/gift-overlay';
import { PollPanel } from '@/features/engagement/components/poll-panel';
import { QuizPanel } from '@/features/engagement/components/quiz-panel';
import { FollowButton } from '@/features/sellers/components/follow-button';
import { StreamPage } from '@/features/streams/components/stream-page';

/** /stream/{id}: the streams feature's page, with the sellers feature's Follow button and the engagement feature's tabs. */
export function StreamRoute({ id, user }: { id: string; user: CurrentUser }) {
  return (
    <>
      <StreamPage
        streamId={id}
        userId={user.id}
        renderFollow={(seller) => <FollowButton sellerId={seller.id} />}
        renderEngagement={({ streamId, isOwner, userId }) => ({
          poll: <PollPanel streamId={streamId} isSeller={isOwner} userId={userId} />,
          quiz: <QuizPanel streamId={streamId} isSeller={isOwner} userId={userId} />,
          gifts: <GiftsPanel streamId={streamId} isSeller={isOwner} userId={userId} />,
        })}
      />
      {/* Room messages for polls, quizzes and gifts, and the full-screen gift animation, whichever tab is open. */}
      <EngagementLayer streamId={id} />
    </>
  );
}
