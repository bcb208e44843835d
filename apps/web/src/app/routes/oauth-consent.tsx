import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { ConsentCard } from '@/features/oauth/components/consent-card';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { useAuth } from '@/lib/auth';
import { SignedInPage } from '../signed-in-page';

/**
 * Where the OAuth provider asks a signed-in person to allow or deny a client (its `consentPage`).
 * Someone whose session ended meanwhile signs in on /login with the same signed query, which then
 * carries the authorization on.
 */
export default function OAuthConsentRoute() {
  const { t } = useTranslation();
  const { user, loading } = useAuth();
  const [searchParams] = useSearchParams();
  useDocumentMeta({ title: t('oauthConsent.metaTitle') });
  if (!loading && !user && searchParams.size) return <Navigate to={`${paths.login.getHref()}?${searchParams.toString()}`} replace />;
  return (
    <SignedInPage className="grid max-w-lg content-start">
      <ConsentCard search={searchParams} />
    </SignedInPage>
  );
}
