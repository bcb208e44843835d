/** Who may use the moderation dashboard: moderators and admins. */
export const canModerate = (roles: readonly string[]) => roles.includes('moderator') || roles.includes('admin');
