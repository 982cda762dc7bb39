export { createModerationService, type ModerationService } from './service.js';
export { createChatGate, assertMayTakePart, banRefusal, findActiveBans, ChatRefused, refuse, type ChatGate } from './chat-gate.js';
export { moderationRoutes } from './routes.js';
export { chatRole } from './repository.js';
export { defaultKeywordFilter } from './filter/keywords.js';
export { hasLinkOrPhone } from './filter/contact.js';
export { warmChatChecks } from './filter/warm.js';
export { createOperatorModeration, type OperatorModeration, type Within } from './operator.js';
export type { ModerationHub } from './hub-port.js';
