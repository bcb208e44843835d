import { z } from 'zod';
import { text } from './strings';

/** `admin-invites-create`: a batch of invite codes. */
export const adminInvitesCreateInputSchema = z.object({
  count: z.number().int().min(1).max(500).default(1),
  maxUses: z.number().int().min(1).max(100_000).default(1),
  expiresAt: text().datetime().nullish(),
  grantTester: z.boolean().default(false),
  grantCredits: z.number().int().min(0).max(100_000).default(0),
  prefix: text()
    .regex(/^[A-Z0-9-]{0,12}$/)
    .optional(),
  notes: text().max(500).nullish(),
});
export type AdminInvitesCreateInput = z.input<typeof adminInvitesCreateInputSchema>;
