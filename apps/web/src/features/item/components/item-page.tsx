import { ImageOff, Lock, NotebookPen } from 'lucide-react';
import { useDeferredValue, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { usePageExists } from '@/components/layout/page-availability';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { useTimeZone } from '@/hooks/use-time-zone';
import { COMPOSITE_SIZE, compositeSrcSet, imageUrl } from '@/lib/image-url';
import { usePageImages } from '@/lib/page-images';
import { cn } from '@/lib/utils';
import { useItem, type VisibleItem } from '../api/get-item';
import { useItemViewTracking } from '../hooks/use-item-view-tracking';
import { hasNsfwConsent, recordNsfwConsent } from '../utils/nsfw-consent';
import { HiddenBanner } from './hidden-banner';
import { ItemFigure } from './item-figure';
import { ItemActions } from './item-actions';
import { FactSheet } from './fact-sheet';
import { ItemNotFound, ItemPrivate, ItemRemoved } from './item-unavailable';
import { NsfwGate } from './nsfw-gate';
import { PhotoGrid } from './photo-grid';

type ItemPageProps = {
  itemId: string;
  /** The comments section (another feature), shown once the NSFW gate is passed. */
  renderComments?: (data: VisibleItem) => ReactNode;
  /** What only the owner sees under the notes (the private ledger, another feature). */
  renderOwnerSection?: (data: VisibleItem) => ReactNode;
  /** More actions beside the item's own (another feature's, such as "I want this"). */
  renderActions?: (data: VisibleItem) => ReactNode;
};

const FIGURE = 'relative overflow-hidden rounded-2xl border border-border bg-gradient-to-br from-surface-sunken to-accent-soft/50 shadow-soft';
const PICTURE = 'mx-auto h-auto max-h-[78dvh] w-full object-contain';
/** The item's picture: the same address, sizes and priority in the page and in its skeleton. */
const pictureProps = (imageId: string) =>
  ({
    src: imageUrl(imageId, 'public'),
    srcSet: compositeSrcSet(imageId),
    sizes: '(min-width: 1280px) 640px, (min-width: 1024px) 52vw, 100vw',
    width: COMPOSITE_SIZE.width,
    height: COMPOSITE_SIZE.height,
    decoding: 'async',
    fetchPriority: 'high',
  }) as const;

/** /i/{id}: the item, or why it cannot be shown (not found, removed, private profile). */
export function ItemPage({ itemId, renderComments, renderOwnerSection, renderActions }: ItemPageProps) {
  const { t } = useTranslation();
  const query = useItem(itemId);
  // The item arrives as an urgent update (a query store's change); the page it fills renders as a
  // deferred one, which React splits into short tasks, so a phone stays responsive to taps meanwhile.
  const data = useDeferredValue(query.data);
  const hinted = usePageImages();
  useItemViewTracking(data);

  let title: string | undefined;
  if (query.isError) title = t('item.itemNotFound');
  else if (data?.access === 'visible') title = data.item.title;
  else if (data?.access === 'removed') title = t('item.removedTitle');
  else if (data?.access === 'private') title = t('item.privateTitle');
  useDocumentMeta({
    title,
    description:
      data?.access === 'visible' ? t('item.metaDescription', { title: data.item.title, handle: data.owner.handle, appName: env.appName }) : undefined,
    canonical: paths.item.getHref(itemId),
  });

  if (query.isError) return <ItemNotFound />;
  if (!data) return <ItemSkeleton imageId={hinted[0]} />;
  if (data.access === 'removed') return <ItemRemoved source={data.item.hiddenSource} handle={data.owner.handle} />;
  if (data.access === 'private') return <ItemPrivate />;
  return <VisibleItemView data={data} renderComments={renderComments} renderOwnerSection={renderOwnerSection} renderActions={renderActions} />;
}

function VisibleItemView({
  data,
  renderComments,
  renderOwnerSection,
  renderActions,
}: { data: VisibleItem } & Pick<ItemPageProps, 'renderComments' | 'renderOwnerSection' | 'renderActions'>) {
  const { t, i18n } = useTranslation();
  const pageExists = usePageExists();
  const { item, owner, viewer } = data;
  const [consentedId, setConsentedId] = useState<string | null>(null);
  const needsGate = item.nsfw && !item.hidden && !viewer.isOwner;
  const gated = needsGate && consentedId !== item.id && !hasNsfwConsent(item.id);
  const timeZone = useTimeZone();
  const created = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', { dateStyle: 'medium', timeZone }).format(new Date(item.createdAt));

  const onConsent = () => {
    recordNsfwConsent(item.id);
    setConsentedId(item.id);
  };

  return (
    <article className="grid gap-8 lg:grid-cols-[minmax(0,1.1fr)_minmax(0,1fr)] lg:gap-12" data-testid="item-page" data-item-id={item.id}>
      <div className="lg:sticky lg:top-24 lg:self-start">
        <figure className={FIGURE}>
          {item.imageId ? (
            <ItemFigure
              picture={pictureProps(item.imageId)}
              alt={item.altText ?? t('item.imageAlt', { title: item.title })}
              photos={item.photos}
              title={item.title}
              gated={gated}
              pictureClassName={cn(PICTURE, 'transition-[filter] duration-200', gated && 'scale-110 blur-3xl')}
            />
          ) : (
            <div className="flex aspect-[4/5] items-center justify-center text-muted-foreground">
              <ImageOff className="size-10" aria-hidden="true" />
              <span className="sr-only">{t('item.noImage')}</span>
            </div>
          )}
          {gated ? <NsfwGate onConsent={onConsent} /> : null}
        </figure>
      </div>

      <div className="grid min-w-0 content-start gap-6">
        {item.hidden ? <HiddenBanner source={item.hiddenSource} isAdmin={viewer.isAdmin} /> : null}
        <header className="grid gap-3">
          <h1 className="font-display text-3xl font-semibold tracking-tight break-words text-balance sm:text-4xl" data-testid="item-title">
            {item.title}
          </h1>
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-muted-foreground">
            <span>{t('item.by')}</span>
            {pageExists(paths.profile.getHref(owner.handle)) ? (
              <Link
                to={paths.profile.getHref(owner.handle)}
                className="inline-flex min-h-11 items-center font-medium text-accent underline-offset-4 hover:underline sm:min-h-0"
                data-testid="item-owner"
              >
                @{owner.handle}
              </Link>
            ) : (
              <span className="font-medium text-foreground" data-testid="item-owner">
                @{owner.handle}
              </span>
            )}
            <span aria-hidden="true">·</span>
            <time dateTime={item.createdAt}>{created}</time>
            {item.nsfw ? <span className="rounded-md bg-foreground/85 px-2 py-0.5 text-xs font-semibold text-background">{t('common.nsfwBadge')}</span> : null}
          </p>
          {item.tags.length > 0 ? (
            <ul className="flex flex-wrap gap-2" aria-label={t('item.tagsTitle')} data-testid="item-tags">
              {item.tags.map((tag) => (
                <li key={tag}>
                  <Link
                    to={paths.tag.getHref(tag)}
                    className="inline-flex min-h-9 items-center rounded-full border border-border bg-surface px-3 text-sm font-medium text-foreground transition-colors hover:border-accent hover:text-accent max-sm:min-h-11"
                  >
                    #{tag}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
        </header>
        <ItemActions data={data} />
        <FactSheet facts={item.facts} />
        {renderActions?.(data)}
        {viewer.isOwner && item.notes ? (
          <section
            aria-labelledby="item-notes-title"
            className="grid gap-2 rounded-xl border border-border bg-surface p-4 shadow-soft"
            data-testid="item-notes"
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 id="item-notes-title" className="flex items-center gap-2 font-semibold">
                <NotebookPen className="size-4 text-muted-foreground" aria-hidden="true" />
                {t('item.notesTitle')}
              </h2>
              <span className="inline-flex items-center gap-1 rounded-full bg-surface-sunken px-2 py-0.5 text-xs font-medium text-muted-foreground">
                <Lock className="size-3" aria-hidden="true" />
                {t('item.notesPrivate')}
              </span>
            </div>
            <p className="text-sm leading-relaxed break-words whitespace-pre-wrap">{item.notes}</p>
          </section>
        ) : null}
        {viewer.isOwner ? renderOwnerSection?.(data) : null}
        {gated ? (
          <p className="rounded-xl border border-dashed border-border-strong p-4 text-sm text-muted-foreground" data-testid="item-gated-note">
            {t('item.nsfwGatedNote')}
          </p>
        ) : (
          <>
            <PhotoGrid photos={item.photos} title={item.title} />
            {renderComments?.(data)}
          </>
        )}
      </div>
    </article>
  );
}

/**
 * What the page shows while the item loads. `imageId`: the picture the server named for a guest's first
 * paint (lib/page-images.ts), shown where the page will show it, so that it paints before the scripts run.
 */
function ItemSkeleton({ imageId }: { imageId?: string }) {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={t('common.loading')} className="grid gap-8 lg:grid-cols-[minmax(0,1.1fr)_minmax(0,1fr)] lg:gap-12">
      {imageId ? (
        <div className="lg:sticky lg:top-24 lg:self-start">
          <figure className={FIGURE}>
            <img {...pictureProps(imageId)} alt="" className={PICTURE} data-testid="item-image-early" />
          </figure>
        </div>
      ) : (
        <Skeleton className="aspect-[4/5] w-full rounded-2xl" />
      )}
      <div className="grid content-start gap-4">
        <Skeleton className="h-10 w-3/4" />
        <Skeleton className="h-5 w-1/3" />
        <div className="flex gap-2">
          <Skeleton className="h-9 w-20 rounded-full" />
          <Skeleton className="h-9 w-24 rounded-full" />
        </div>
        <div className="flex gap-2">
          <Skeleton className="h-11 w-20" />
          <Skeleton className="h-11 w-24" />
          <Skeleton className="h-11 w-24" />
        </div>
      </div>
    </div>
  );
}
