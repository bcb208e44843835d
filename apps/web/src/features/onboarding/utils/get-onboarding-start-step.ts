export type OnboardingStep = 'invite' | 'profile';

/**
 * Where onboarding starts. A closed beta (`beta_open === false`) asks for an invite code first, unless the
 * user already redeemed one. Missing settings or a missing `beta_open` mean the beta is open.
 */
export function getOnboardingStartStep(
  settings: { beta_open?: boolean | null } | null | undefined,
  me: { inviteRedeemed?: boolean | null } | null | undefined,
): OnboardingStep {
  if (me?.inviteRedeemed) return 'profile';
  if (settings?.beta_open === false) return 'invite';
  return 'profile';
}
