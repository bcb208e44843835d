import { useTranslation } from 'react-i18next';
import { SettingsShell } from '@/components/layout/settings-shell';
import { ProfileSettingsForm } from '@/features/profile/components/profile-settings-form';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { SignedInPage } from '../signed-in-page';

export default function ProfileSettingsRoute() {
  const { t } = useTranslation();
  useDocumentMeta({ title: t('profileSettings.metaTitle') });
  return (
    <SignedInPage>
      <SettingsShell title={t('profileSettings.title')} description={t('profileSettings.description')}>
        <ProfileSettingsForm />
      </SettingsShell>
    </SignedInPage>
  );
}
