import { useQuery } from '@tanstack/react-query';
import { Navigate } from 'react-router';
import { PageLoader } from '@/components/layout/page-loader';
import { paths } from '@/config/paths';
import { getFollows } from '@/features/profile/api/get-follows';
import { useProfileMe } from '@/features/profile/api/get-profile-me';
import { useAuth } from '@/lib/auth';

/**
 * Where every sign-in without a page to return to lands (password, passkey, the second step, a mailed link or code,
 * an OpenID Connect provider): the home feed for a collector who follows anyone, otherwise home as before. A failed
 * look-up goes home too: landing somewhere beats an error page.
 */
export default function SignedInRoute() {
  const { user, loading } = useAuth();
  const me = useProfileMe({ enabled: !!user });
  const handle = me.data?.profile?.handle ?? null;
  const follows = useQuery({
    queryKey: ['landing', 'follows-anyone', handle],
    queryFn: ({ signal }) => getFollows(handle!, 'following', undefined, signal),
    enabled: !!handle,
    retry: false,
  });
  if (!loading && !user) return <Navigate to={paths.login.getHref()} replace />;
  if (me.isError || (me.data && !handle) || follows.isError) return <Navigate to={paths.home.getHref()} replace />;
  if (follows.data) return <Navigate to={follows.data.users.length ? paths.feed.getHref() : paths.home.getHref()} replace />;
  return (
    <main id="main" tabIndex={-1} className="flex flex-1 items-center justify-center outline-none">
      <PageLoader />
    </main>
  );
}
