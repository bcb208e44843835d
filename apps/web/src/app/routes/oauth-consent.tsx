import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ConsentCard } from '@/features/oauth/components/consent-card';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { SignedInPage } from '../signed-in-page';

/** Where the OAuth provider asks a signed-in person to allow or deny a client (its `consentPage`). */
export default function OAuthConsentRoute() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  useDocumentMeta({ title: t('oauthConsent.metaTitle') });
  return (
    <SignedInPage className="grid max-w-lg content-start">
      <ConsentCard search={searchParams} />
    </SignedInPage>
  );
}
