import { z } from 'zod';
import { onboardingInputSchema } from '@curio/contract';
import { defineFunction } from '../../lib/functions';
import type { ProfilesService } from './profiles.service';

export const profilesFunctions = (profiles: ProfilesService) => [
  defineFunction({
    name: 'profile-me',
    read: true,
    auth: 'required',
    input: z.object({}).passthrough(),
    handler: (_input, { user }) => profiles.me(user.id),
  }),
  defineFunction({
    name: 'onboarding-complete',
    auth: 'required',
    input: onboardingInputSchema,
    handler: (input, { user }) => profiles.completeOnboarding(user.id, input),
  }),
];
