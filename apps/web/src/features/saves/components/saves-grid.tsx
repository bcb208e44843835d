import { Compass, ImageOff, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyBookmark } from '@/components/illustrations/empty-bookmark';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { AiBadge } from '@/components/ui/ai-badge';
import { paths } from '@/config/paths';
import { errorMessageKey } from '@/lib/error-messages';
import { cn } from '@/lib/utils';
import { useSaves, type SavedItem } from '../api/get-saves';

const GRID = 'grid grid-cols-2 gap-3 sm:gap-5 md:grid-cols-3 lg:grid-cols-4';

/** The saved items (image and title, each opening /i/{id}); skeletons, error with retry, a drawn empty state. */
export function SavesGrid() {
  const { t } = useTranslation();
  const saves = useSaves();

  if (saves.isError) {
    return (
      <div role="alert" className="grid justify-items-center gap-4 rounded-xl border border-border bg-surface px-6 py-12 text-center shadow-soft">
        <p className="font-medium">{t(errorMessageKey(saves.error))}</p>
        <Button variant="secondary" onClick={() => void saves.refetch()}>
          <RotateCcw aria-hidden="true" />
          {t('common.retry')}
        </Button>
      </div>
    );
  }
  if (!saves.data) {
    return (
      <div role="status" aria-label={t('common.loading')}>
        <ul className={GRID}>
          {Array.from({ length: 8 }, (_, i) => (
            <li key={i} aria-hidden="true" data-testid="saves-skeleton" className="overflow-hidden rounded-xl border border-border bg-surface">
              <Skeleton className="aspect-[4/5] rounded-none" />
              <div className="p-3 sm:p-4">
                <Skeleton className="h-4 w-3/4" />
              </div>
            </li>
          ))}
        </ul>
      </div>
    );
  }
  if (saves.data.items.length === 0) {
    return (
      <div
        className="grid justify-items-center gap-5 rounded-xl border border-dashed border-border-strong bg-surface/60 px-6 py-14 text-center"
        data-testid="saves-empty"
      >
        <EmptyBookmark className="h-28 w-auto" />
        <div className="grid gap-2">
          <p className="text-lg font-medium">{t('saves.empty')}</p>
          <p className="max-w-sm text-sm text-muted-foreground">{t('saves.emptyText')}</p>
        </div>
        <Button asChild variant="soft">
          <Link to={paths.explore.getHref()}>
            <Compass aria-hidden="true" />
            {t('saves.explore')}
          </Link>
        </Button>
      </div>
    );
  }
  return (
    <ul className={GRID} data-testid="saves-grid">
      {saves.data.items.map((item) => (
        <li key={item.itemId}>
          <SavedCard item={item} />
        </li>
      ))}
    </ul>
  );
}

function SavedCard({ item }: { item: SavedItem }) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  return (
    <Link
      to={paths.item.getHref(item.itemId)}
      className="group block overflow-hidden rounded-xl border border-border bg-surface shadow-soft transition-[box-shadow,transform] duration-200 hover:-translate-y-0.5 hover:shadow-lift"
      data-testid="saved-item"
      data-item-id={item.itemId}
    >
      <div className="relative aspect-[4/5] overflow-hidden bg-gradient-to-br from-surface-sunken to-accent-soft/60">
        {item.imageUrl && !failed ? (
          <img
            src={item.imageUrl}
            alt={item.altText ?? ''}
            loading="lazy"
            decoding="async"
            width={480}
            height={600}
            onError={() => setFailed(true)}
            className={cn(
              'size-full object-cover transition-[filter,transform] duration-200',
              item.nsfw
                ? 'scale-110 blur-2xl group-hover:scale-100 group-hover:blur-none group-focus-visible:scale-100 group-focus-visible:blur-none'
                : 'group-hover:scale-[1.02]',
            )}
          />
        ) : (
          <span className="absolute inset-0 flex items-center justify-center text-muted-foreground">
            <ImageOff className="size-6" aria-hidden="true" />
          </span>
        )}
        {item.imageUrl && !failed ? <AiBadge className="absolute bottom-2 left-2" /> : null}
        {item.nsfw ? (
          <span className="absolute top-2 left-2 rounded-md bg-foreground/85 px-2 py-0.5 text-xs font-semibold text-background">{t('common.nsfwBadge')}</span>
        ) : null}
      </div>
      <p className="truncate p-3 font-medium sm:p-4">{item.title}</p>
    </Link>
  );
}
