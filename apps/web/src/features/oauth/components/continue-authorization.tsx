import { useEffect } from 'react';
import { PageLoader } from '@/components/layout/page-loader';

/** Leaves the app for the authorization endpoint (a full navigation: the server answers with a redirect). */
export function ContinueAuthorization({ href }: { href: string }) {
  useEffect(() => window.location.replace(href), [href]);
  return <PageLoader />;
}
