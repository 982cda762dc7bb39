export { createModerationService, type ModerationService } from './service.js';
export { createChatGate, assertMayTakePart, ChatRefused, refuse, type ChatGate } from './chat-gate.js';
export { moderationRoutes } from './routes.js';
export { lockMember, isModerator } from './repository.js';
