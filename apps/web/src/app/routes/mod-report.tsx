import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ModerationAccessDenied } from '@/features/moderation/components/moderation-page';
import { ReportDetail } from '@/features/moderation/components/report-detail';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { ModeratorsOnly } from '../moderators-only';
import { SignedInPage } from '../signed-in-page';

export default function ModerationReportRoute() {
  const { t } = useTranslation();
  const { reportId = '' } = useParams();
  useDocumentMeta({ title: t('moderation.reportMetaTitle') });
  return (
    <SignedInPage guest={<ModerationAccessDenied />}>
      <ModeratorsOnly>
        <ReportDetail key={reportId} reportId={reportId} />
      </ModeratorsOnly>
    </SignedInPage>
  );
}
