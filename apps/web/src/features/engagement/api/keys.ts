/** Query keys of the engagement feature (polls, quizzes, gifts and the wallet). */
export const engagementKeys = {
  activePoll: (streamId: string) => ['/api/streams', streamId, 'poll', 'active'] as const,
  myVote: (pollId: string) => ['/api/polls', pollId, 'vote'] as const,
  activeQuiz: (streamId: string) => ['/api/streams', streamId, 'quiz', 'active'] as const,
  quizAttempt: (quizId: string) => ['/api/quizzes', quizId, 'attempt'] as const,
  /** Client-only: the quiz_ended leaderboard from the room. */
  quizLeaderboard: (quizId: string) => ['engagement', 'quiz', quizId, 'leaderboard'] as const,
  /** Client-only: the viewer has gone through every question of this quiz in this tab. */
  quizFinished: (quizId: string) => ['engagement', 'quiz', quizId, 'finished'] as const,
  wallet: () => ['/api/wallet'] as const,
  recentGifts: (streamId: string) => ['/api/streams', streamId, 'gifts'] as const,
  /** Client-only: the newest gifts from gift_sent room messages. */
  liveGifts: (streamId: string) => ['engagement', 'gifts', streamId, 'live'] as const,
  giftEarnings: (streamId: string) => ['/api/streams', streamId, 'gifts', 'earnings'] as const,
};
