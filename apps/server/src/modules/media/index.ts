export { mediaRoutes } from './routes.js';
export { issueMediaToken, verifyMediaToken } from './external-token.js';
