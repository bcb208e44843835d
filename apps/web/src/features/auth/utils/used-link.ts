/**
 * Whether a sign-in page's `?error=` says a mailed sign-in link expired or was used already (the codes
 * better-auth sends it back with). No imports: the pre-rendered landing page reads it too.
 */
export const isUsedLinkError = (code: string | null): boolean => code === 'INVALID_TOKEN' || code === 'TOKEN_EXPIRED';
