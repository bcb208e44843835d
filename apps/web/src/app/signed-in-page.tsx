import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useAuth, useSignInHref } from '@/lib/auth';
import { cn } from '@/lib/utils';

/**
 * The `<main>` of the signed-in pages of the social half (notifications, messages, insights,
 * settings); the header is the app's one header. Guests are sent to /login, coming back here once
 * signed in (`?next=`), or, on a page that
 * names one (`guest`: the admin and moderation pages' "Access Denied" with Sign in), shown that.
 */
export function SignedInPage({ children, className, guest }: { children: ReactNode; className?: string; guest?: ReactNode }) {
  const { user, loading } = useAuth();
  const signIn = useSignInHref();
  if (!loading && !user && !guest) return <Navigate to={signIn} replace />;
  return (
    <main id="main" tabIndex={-1} className={cn('mx-auto w-full max-w-content flex-1 px-4 py-6 outline-none sm:px-6 sm:py-10', className)}>
      {user ? children : loading ? null : guest}
    </main>
  );
}
