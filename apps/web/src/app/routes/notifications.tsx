import { useTranslation } from 'react-i18next';
import { NotificationsList } from '@/features/notifications/components/notifications-list';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { SignedInPage } from '../signed-in-page';

export default function NotificationsRoute() {
  const { t } = useTranslation();
  useDocumentMeta({ title: t('notifications.metaTitle') });
  return (
    <SignedInPage className="max-w-3xl">
      <NotificationsList />
    </SignedInPage>
  );
}
