import { useTranslation } from 'react-i18next';
import { InsightsPage } from '@/features/insights/components/insights-page';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { SignedInPage } from '../signed-in-page';

export default function InsightsRoute() {
  const { t } = useTranslation();
  useDocumentMeta({ title: t('insights.metaTitle') });
  return (
    <SignedInPage>
      <InsightsPage />
    </SignedInPage>
  );
}
