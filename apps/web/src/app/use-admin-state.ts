import { useProfileMe } from '@/features/profile/api/get-profile-me';
import { useAuth } from '@/lib/auth';

/** Whether the viewer is an admin: false for guests, null while it is not known yet. */
export function useAdminState(): boolean | null {
  const { user, loading } = useAuth();
  const me = useProfileMe({ enabled: !!user });
  if (loading) return null;
  if (!user) return false;
  if (me.data) return me.data.roles.includes('admin');
  return me.error ? false : null;
}
