import { useTranslation } from 'react-i18next';
import { SettingsShell } from '@/components/layout/settings-shell';
import { PrivacySettingsForm } from '@/features/settings/components/privacy-settings-form';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { SignedInPage } from '../signed-in-page';

export default function PrivacySettingsRoute() {
  const { t } = useTranslation();
  useDocumentMeta({ title: t('privacySettings.metaTitle') });
  return (
    <SignedInPage>
      <SettingsShell title={t('privacySettings.title')} description={t('privacySettings.description')}>
        <PrivacySettingsForm />
      </SettingsShell>
    </SignedInPage>
  );
}
