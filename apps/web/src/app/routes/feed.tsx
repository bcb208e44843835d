import { useTranslation } from 'react-i18next';
import { SiteFooter } from '@/components/layout/site-footer';
import { FollowingFeed } from '@/features/explore/components/following-feed';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { SignedInPage } from '../signed-in-page';

export default function FeedRoute() {
  const { t } = useTranslation();
  useDocumentMeta({ title: t('feed.metaTitle') });
  return (
    <>
      <SignedInPage className="py-8 sm:py-12">
        <div className="mb-8 grid gap-2">
          <h1 className="font-display text-3xl font-semibold tracking-tight sm:text-4xl">{t('feed.title')}</h1>
          <p className="text-muted-foreground">{t('feed.subtitle')}</p>
        </div>
        <FollowingFeed />
      </SignedInPage>
      <SiteFooter />
    </>
  );
}
