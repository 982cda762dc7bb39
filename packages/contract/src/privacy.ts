import { z } from 'zod';

/** POST /api/me/delete: the account goes for good, so the app asks for a tick first. */
export const DeleteAccountBody = z.object({ confirm: z.literal(true, { error: 'Tick the box to confirm' }) });
export type DeleteAccountBody = z.infer<typeof DeleteAccountBody>;
