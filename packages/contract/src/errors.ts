import { z } from 'zod';

// ARCHITECTURE "Contracts": every error answer has this shape.
export const ErrorBody = z.object({
  message: z.string(),
  issues: z.array(z.object({ path: z.array(z.union([z.string(), z.number()])), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

export const UNAUTHORIZED_MESSAGE = 'Unauthorized';
