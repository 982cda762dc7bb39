export { createModerationService, type ModerationService } from './service.js';
export { createChatGate, assertMayTakePart, ChatRefused, refuse, type ChatGate } from './chat-gate.js';
export { moderationRoutes } from './routes.js';
export { lockMember, chatRole } from './repository.js';
