import { METADATA_MAX, TITLE_MAX } from '@curio/contract';
import { Loader2, Pencil } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Field, fieldDescribedBy } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { isApiError } from '@/lib/api-client';
import { errorMessageKey } from '@/lib/error-messages';
import type { ItemDetail } from '../api/get-item';
import { useUpdateItem } from '../api/update-item';

/** Owner only: title, tags (comma-separated text), NSFW and the private notes, saved with items-update. */
export function EditItemDialog({ item }: { item: ItemDetail }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary" size="sm" data-testid="item-edit">
          <Pencil aria-hidden="true" />
          {t('item.edit')}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={t('common.close')} data-testid="edit-item-dialog">
        <DialogTitle>{t('item.editTitle')}</DialogTitle>
        <DialogDescription>{t('item.editDescription')}</DialogDescription>
        {open ? <EditItemForm item={item} onDone={() => setOpen(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function EditItemForm({ item, onDone }: { item: ItemDetail; onDone: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const update = useUpdateItem();
  const [title, setTitle] = useState(item.title);
  const [tags, setTags] = useState(item.tags.join(', '));
  const [nsfw, setNsfw] = useState(item.nsfw);
  const [notes, setNotes] = useState(item.notes ?? '');
  const [titleError, setTitleError] = useState<string | null>(null);
  const [tagsError, setTagsError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = title.trim();
    if (!trimmed) return setTitleError(t('common.required'));
    if (trimmed.length > TITLE_MAX) return setTitleError(t('item.titleTooLong', { max: TITLE_MAX }));
    setTitleError(null);
    setTagsError(null);
    update.mutate(
      { itemId: item.id, title: trimmed, tags, nsfw, notes: notes.trim() || null },
      {
        onSuccess: () => {
          toast.success(t('item.updated'));
          onDone();
        },
        onError: (error) => {
          if (isApiError(error) && error.fields?.title) setTitleError(t('item.titleInvalid'));
          else if (isApiError(error) && error.fields?.tags) setTagsError(t('item.tagsInvalid'));
          else toast.error(t(errorMessageKey(error)));
        },
      },
    );
  };

  return (
    <form className="grid gap-5" onSubmit={onSubmit} noValidate>
      <Field id={`${id}-title`} label={t('item.titleLabel')} error={titleError}>
        <Input
          id={`${id}-title`}
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          maxLength={TITLE_MAX + 20}
          aria-invalid={!!titleError}
          aria-describedby={fieldDescribedBy(`${id}-title`, { error: titleError })}
          autoComplete="off"
          data-testid="edit-title"
        />
      </Field>
      <Field id={`${id}-tags`} label={t('item.tagsLabel')} hint={t('item.tagsHint')} error={tagsError}>
        <Input
          id={`${id}-tags`}
          value={tags}
          onChange={(e) => setTags(e.target.value)}
          aria-invalid={!!tagsError}
          aria-describedby={fieldDescribedBy(`${id}-tags`, { error: tagsError, hint: true })}
          autoComplete="off"
          data-testid="edit-tags"
        />
      </Field>
      <Field id={`${id}-notes`} label={t('item.notesLabel')} hint={t('item.notesHint')}>
        <Textarea
          id={`${id}-notes`}
          value={notes}
          onChange={(e) => setNotes(e.target.value)}
          maxLength={METADATA_MAX}
          rows={4}
          aria-describedby={fieldDescribedBy(`${id}-notes`, { hint: true })}
          data-testid="edit-notes"
        />
      </Field>
      <div className="flex items-center justify-between gap-4 rounded-lg border border-border p-4">
        <div className="grid gap-1">
          <Label htmlFor={`${id}-nsfw`}>{t('item.nsfwLabel')}</Label>
          <p id={`${id}-nsfw-hint`} className="text-sm text-muted-foreground">
            {t('item.nsfwHint')}
          </p>
        </div>
        <Switch id={`${id}-nsfw`} checked={nsfw} onCheckedChange={setNsfw} aria-describedby={`${id}-nsfw-hint`} data-testid="edit-nsfw" />
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onDone}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" disabled={update.isPending} data-testid="edit-save">
          {update.isPending ? <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" /> : null}
          {t('item.saveChanges')}
        </Button>
      </div>
    </form>
  );
}
