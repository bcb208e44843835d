import { holdsRole, type RolesService } from '../modules/roles/roles.service';
import type { Auth } from './auth';

/**
 * Who asks for an image, for images not everyone may see (hidden or private items): the session's
 * user and whether they are an admin or a moderator; a guest without a session.
 */
export function imageViewer(auth: Auth, roles: Pick<RolesService, 'list'>) {
  return async (headers: Headers): Promise<{ id: string | null; isAdmin: boolean; isModerator: boolean }> => {
    const session = await auth.api.getSession({ headers });
    if (!session) return { id: null, isAdmin: false, isModerator: false };
    // One read of the roles for both questions.
    const held = await roles.list(session.user.id);
    return { id: session.user.id, isAdmin: holdsRole(held, 'admin'), isModerator: holdsRole(held, 'moderator') };
  };
}
