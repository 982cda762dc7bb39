import type { Poll } from '@live-market/contract/engagement';

/** The total number of votes cast in a poll (each option's votes list has one entry per vote). */
export function totalVotes(poll: Pick<Poll, 'options'>): number {
  return poll.options.reduce((sum, option) => sum + option.votes.length, 0);
}

/** SPEC 2/9: an option's share of all votes as a percentage with one decimal ("0.0" when nobody has voted). */
export function votePercentage(votes: number, total: number): string {
  if (total <= 0) return (0).toFixed(1);
  return ((votes / total) * 100).toFixed(1);
}
