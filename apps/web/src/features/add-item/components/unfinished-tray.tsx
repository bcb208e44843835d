import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ImageOff, Play, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { callFunction } from '@/lib/api-client';
import { errorMessageKey } from '@/lib/error-messages';
import { imageUrl } from '@/lib/image-url';
import { shelfKeys } from '@/lib/query-keys';
import { formatRelativeTime } from '@/lib/relative-time';
import { unfinishedKeys, useUnfinishedItems, type UnfinishedItem } from '../api/unfinished-items';

/**
 * "Unfinished (3)" on the collector's own shelf: the items they started without choosing an image (they count toward
 * the 50), each resumed in the wizard where it stopped, or deleted. Nothing when there are none.
 */
export function UnfinishedTray({ onResume }: { onResume: (item: UnfinishedItem) => void }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const queryClient = useQueryClient();
  const list = useUnfinishedItems();
  const [deleting, setDeleting] = useState<UnfinishedItem | null>(null);
  const remove = useMutation({
    mutationFn: (itemId: string) => callFunction('items-delete', { itemId }),
    onSuccess: () => {
      toast.success(t('addItem.unfinished.deleted'));
      void queryClient.invalidateQueries({ queryKey: unfinishedKeys.all });
      void queryClient.invalidateQueries({ queryKey: shelfKeys.all });
    },
    onError: (error) => toast.error(t(errorMessageKey(error))),
  });
  const items = list.data?.items ?? [];
  if (!items.length) return null;

  return (
    <section aria-labelledby={titleId} className="grid gap-3 rounded-2xl border border-border bg-surface p-4 shadow-soft sm:p-5" data-testid="unfinished-tray">
      <div className="grid gap-1">
        <h2 id={titleId} className="font-display text-xl font-semibold tracking-tight">
          {t('addItem.unfinished.title', { count: items.length })}
        </h2>
        <p className="text-sm text-muted-foreground">{t('addItem.unfinished.text')}</p>
      </div>
      <ul className="grid gap-2 sm:grid-cols-2" data-testid="unfinished-list">
        {items.map((item) => (
          <li key={item.id} className="flex items-center gap-3 rounded-xl border border-border bg-background/60 p-3" data-testid="unfinished-item">
            <span className="grid size-14 shrink-0 place-items-center overflow-hidden rounded-lg bg-surface-sunken">
              {item.photos[0] ? (
                <img src={imageUrl(item.photos[0].imageId, 'thumb')} alt="" width={56} height={56} className="size-full object-cover" loading="lazy" />
              ) : (
                <ImageOff className="size-5 text-muted-foreground" aria-hidden="true" />
              )}
            </span>
            <span className="grid min-w-0 flex-1 gap-0.5">
              <span className="truncate font-medium">{item.title}</span>
              <span className="text-xs text-muted-foreground">
                {t(`addItem.unfinished.steps.${item.step}`)} · {t('addItem.unfinished.photos', { count: item.photoCount })}
              </span>
              <span className="text-xs text-muted-foreground">
                {item.expiresAt ? t('addItem.unfinished.expires', { when: formatRelativeTime(item.expiresAt, i18n.language) }) : t('addItem.unfinished.kept')}
              </span>
            </span>
            <span className="flex shrink-0 gap-1">
              <Button
                size="sm"
                variant="secondary"
                onClick={() => onResume(item)}
                aria-label={t('addItem.unfinished.resumeOne', { title: item.title })}
                data-testid="unfinished-resume"
              >
                <Play aria-hidden="true" />
                <span className="max-sm:sr-only">{t('addItem.unfinished.resume')}</span>
              </Button>
              <Button
                size="icon"
                variant="ghost"
                onClick={() => setDeleting(item)}
                aria-label={t('addItem.unfinished.deleteOne', { title: item.title })}
                title={t('addItem.unfinished.delete')}
                data-testid="unfinished-delete"
              >
                <Trash2 className="size-4" aria-hidden="true" />
              </Button>
            </span>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('addItem.unfinished.deleteTitle', { title: deleting?.title ?? '' })}
        description={t('addItem.unfinished.deleteText')}
        cancelLabel={t('common.cancel')}
        confirmLabel={t('addItem.unfinished.delete')}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        confirmTestId="unfinished-delete-confirm"
      />
    </section>
  );
}
