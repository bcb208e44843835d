import { useTranslation } from 'react-i18next';
import { ModerationAccessDenied, ModerationPage } from '@/features/moderation/components/moderation-page';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { ModeratorsOnly } from '../moderators-only';
import { SignedInPage } from '../signed-in-page';

export default function ModerationRoute() {
  const { t } = useTranslation();
  useDocumentMeta({ title: t('moderation.metaTitle') });
  return (
    <SignedInPage guest={<ModerationAccessDenied />}>
      <ModeratorsOnly>
        <ModerationPage />
      </ModeratorsOnly>
    </SignedInPage>
  );
}
