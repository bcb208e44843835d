import { Globe, Lock, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { EmptySearch } from '@/components/illustrations/empty-search';
import { PadlockCabinet } from '@/components/illustrations/padlock-cabinet';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessageKey } from '@/lib/error-messages';
import { imageUrl } from '@/lib/image-url';
import { useDeleteWanted, useWantedList, type WantedEntry } from '../api/wanted';
import { WantedEntryDialog } from './wanted-entry-dialog';

/** The facts of an entry in one line ("Masudaya · Space line · 1985 · 1:6 · 12/500 · Mint in box"). */
function useFactsLine() {
  const { t } = useTranslation();
  return ({ facts }: WantedEntry) =>
    [
      facts.maker,
      facts.line,
      facts.character,
      facts.year != null ? String(facts.year) : null,
      facts.scale,
      facts.edition ? `${facts.edition.number}/${facts.edition.of}` : null,
      facts.condition ? t(`wanted.conditions.${facts.condition}`) : null,
      facts.barcode,
    ]
      .filter(Boolean)
      .join(' · ');
}

/**
 * A wanted list: the caller's own (`handle` null), with Add, Edit and Delete, or someone's public entries.
 * Private or hidden profiles, and a block either way, show only that the list is not shown.
 */
export function WantedList({ handle }: { handle: string | null }) {
  const { t } = useTranslation();
  const list = useWantedList(handle);
  const [adding, setAdding] = useState(false);

  if (list.isPending) {
    return (
      <div role="status" aria-label={t('common.loading')} className="grid gap-3">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-24 w-full rounded-xl" />
        ))}
      </div>
    );
  }
  if (list.isError) {
    return (
      <EmptyState
        title={t('wanted.loadFailed')}
        text={t(errorMessageKey(list.error))}
        action={<Button onClick={() => void list.refetch()}>{t('common.retry')}</Button>}
        testId="wanted-error"
      />
    );
  }
  const data = list.data;
  if (data.access === 'private') {
    return (
      <EmptyState
        illustration={<PadlockCabinet className="h-20 w-auto" />}
        title={t('wanted.private')}
        text={t('wanted.privateText')}
        testId="wanted-private"
      />
    );
  }
  const { isOwner, entries } = data;
  const addButton = (
    <Button onClick={() => setAdding(true)} data-testid="wanted-add">
      <Plus aria-hidden="true" />
      {t('wanted.add')}
    </Button>
  );
  return (
    <div className="grid gap-5">
      {isOwner && entries.length > 0 ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-muted-foreground">{t('wanted.ownHint')}</p>
          {addButton}
        </div>
      ) : null}
      {entries.length === 0 ? (
        <EmptyState
          illustration={<EmptySearch className="h-20 w-auto" />}
          title={isOwner ? t('wanted.emptyOwn') : t('wanted.emptyOther', { name: data.owner.displayName })}
          text={isOwner ? t('wanted.emptyOwnText') : t('wanted.emptyOtherText')}
          action={isOwner ? addButton : undefined}
          testId="wanted-empty"
        />
      ) : (
        <ul className="grid gap-3 md:grid-cols-2" data-testid="wanted-entries">
          {entries.map((entry) => (
            <WantedCard key={entry.id} entry={entry} isOwner={isOwner} />
          ))}
        </ul>
      )}
      {isOwner ? <WantedEntryDialog open={adding} onOpenChange={setAdding} /> : null}
    </div>
  );
}

function WantedCard({ entry, isOwner }: { entry: WantedEntry; isOwner: boolean }) {
  const { t } = useTranslation();
  const factsLine = useFactsLine();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteWanted();
  const facts = factsLine(entry);
  return (
    <li className="flex gap-4 rounded-xl border border-border bg-surface p-4 shadow-soft" data-testid="wanted-entry" data-entry-id={entry.id}>
      {entry.imageId ? (
        <img
          src={imageUrl(entry.imageId, 'thumb')}
          alt={t('wanted.photoAlt', { title: entry.title })}
          loading="lazy"
          decoding="async"
          className="size-20 shrink-0 rounded-lg border border-border object-cover"
        />
      ) : null}
      <div className="grid min-w-0 flex-1 content-start gap-1.5">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h2 className="min-w-0 font-semibold break-words" data-testid="wanted-entry-title">
            {entry.title}
          </h2>
          {isOwner ? (
            <span
              className="inline-flex shrink-0 items-center gap-1 rounded-full bg-surface-sunken px-2 py-0.5 text-xs font-medium text-muted-foreground"
              data-testid="wanted-entry-visibility"
            >
              {entry.public ? <Globe className="size-3" aria-hidden="true" /> : <Lock className="size-3" aria-hidden="true" />}
              {entry.public ? t('wanted.public') : t('wanted.private_entry')}
            </span>
          ) : null}
        </div>
        {facts ? <p className="text-sm break-words text-muted-foreground">{facts}</p> : null}
        {entry.note ? <p className="text-sm break-words whitespace-pre-wrap">{entry.note}</p> : null}
        {isOwner ? (
          <div className="mt-1 flex flex-wrap gap-2">
            <Button
              variant="secondary"
              size="sm"
              onClick={() => setEditing(true)}
              aria-label={t('wanted.editEntry', { title: entry.title })}
              data-testid="wanted-edit"
            >
              <Pencil aria-hidden="true" />
              {t('wanted.edit')}
            </Button>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => setConfirming(true)}
              aria-label={t('wanted.deleteEntry', { title: entry.title })}
              data-testid="wanted-delete"
            >
              <Trash2 aria-hidden="true" />
              {t('wanted.delete')}
            </Button>
            <WantedEntryDialog open={editing} onOpenChange={setEditing} entry={entry} />
            <ConfirmDialog
              open={confirming}
              onOpenChange={setConfirming}
              title={t('wanted.deleteTitle')}
              description={t('wanted.deleteText', { title: entry.title })}
              cancelLabel={t('common.cancel')}
              confirmLabel={t('wanted.delete')}
              tone="danger"
              confirmTestId="wanted-delete-confirm"
              onConfirm={() =>
                remove.mutate(entry.id, {
                  onSuccess: () => toast.success(t('wanted.deleted')),
                  onError: (error) => toast.error(t(errorMessageKey(error))),
                })
              }
            />
          </div>
        ) : null}
      </div>
    </li>
  );
}
