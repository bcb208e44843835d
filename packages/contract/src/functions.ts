/** Named operations under /functions/v1/{name}. The names are the contract. */
export const FUNCTIONS = {
  publicSiteSettings: 'public-site-settings',
  inviteRedeem: 'invite-redeem',
  profileMe: 'profile-me',
  onboardingComplete: 'onboarding-complete',
  analyticsTrack: 'analytics-track',
  hasRole: 'has-role',
  adminSettingsUpdate: 'admin-settings-update',
  exploreList: 'explore-list',
} as const;
export type FunctionName = (typeof FUNCTIONS)[keyof typeof FUNCTIONS];

export const API_PATHS = {
  auth: '/auth/v1',
  functions: '/functions/v1',
  health: '/health',
  ready: '/ready',
  outbox: '/dev/outbox',
} as const;
