export { engagementRoutes, type EngagementOptions } from './routes.js';
export { polls, pollOptions, pollVotes, quizzes, quizQuestions, quizAttempts, quizAnswers, coinLedger, giftEvents } from './tables.js';
export { creditCoinPurchase } from './repository.js';
