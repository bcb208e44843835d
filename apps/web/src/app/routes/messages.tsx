import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { MessagesInbox } from '@/features/messages/components/messages-inbox';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { useAuth } from '@/lib/auth';
import { SignedInPage } from '../signed-in-page';

/** /me/messages and /me/messages/{threadId}. */
export default function MessagesRoute() {
  const { t } = useTranslation();
  const { threadId = null } = useParams();
  const { user } = useAuth();
  useDocumentMeta({ title: t('messages.metaTitle') });
  return <SignedInPage className="py-4 sm:py-6">{user ? <MessagesInbox threadId={threadId} viewerId={user.id} /> : null}</SignedInPage>;
}
