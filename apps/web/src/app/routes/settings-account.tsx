import { useTranslation } from 'react-i18next';
import { SettingsShell } from '@/components/layout/settings-shell';
import { DataSection } from '@/features/account/components/data-section';
import { EmailPasswordSection } from '@/features/account/components/email-password-section';
import { IdentitiesSection } from '@/features/account/components/identities-section';
import { PasskeysSection } from '@/features/account/components/passkeys-section';
import { SessionsSection } from '@/features/account/components/sessions-section';
import { TwoFactorSection } from '@/features/account/components/two-factor-section';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { SignedInPage } from '../signed-in-page';

/**
 * Account and security: sign-in methods, second factors, passkeys, sessions, linked identities, and the
 * person's data. Each section is a feature component of its own (features/account/components).
 */
export default function AccountSettingsRoute() {
  const { t } = useTranslation();
  useDocumentMeta({ title: t('accountSettings.metaTitle') });
  return (
    <SignedInPage>
      <SettingsShell
        title={t('accountSettings.title')}
        description={t('accountSettings.description')}
        contents={[
          { id: 'email-password', label: t('accountEmail.title') },
          { id: 'two-step', label: t('accountMfa.title') },
          { id: 'passkeys', label: t('accountPasskeys.title') },
          { id: 'sessions', label: t('accountSessions.title') },
          { id: 'sign-in-methods', label: t('accountIdentities.title') },
          { id: 'data', label: t('accountData.title') },
        ]}
      >
        {/* sections: email-password, two-factor, passkeys, sessions, identities, data (in this order) */}
        <EmailPasswordSection />
        <TwoFactorSection />
        <PasskeysSection />
        <SessionsSection />
        <IdentitiesSection />
        <DataSection />
      </SettingsShell>
    </SignedInPage>
  );
}
