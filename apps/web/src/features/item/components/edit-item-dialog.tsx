import { itemsUpdateInputSchema, METADATA_MAX, TITLE_MAX } from '@curio/contract';
import { Loader2, Pencil } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Field, fieldControlProps, fieldDescribedBy } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { isApiError } from '@/lib/api-client';
import { errorMessageKey } from '@/lib/error-messages';
import { factsFormSchema, factsFormValues, factsKeys } from '@/lib/facts-form';
import { errorText, setServerErrors, useZodForm, type FormKeys } from '@/lib/form';
import type { ItemDetail } from '../api/get-item';
import { useUpdateItem } from '../api/update-item';
import { FactsFields } from '@/components/forms/facts-fields';
import { FormSwitch } from '@/components/forms/form-switch';

/** The title and the facts by the contract's rules; tags and notes as typed (the server reads the tags). */
const editItemFormSchema = itemsUpdateInputSchema.pick({ title: true, nsfw: true }).extend({ tags: z.string(), notes: z.string(), facts: factsFormSchema });
const KEYS: FormKeys = { title: { required: 'common.required', too_long: 'item.titleTooLong' }, ...factsKeys('facts') };

/** Owner only: title, tags (comma-separated text), NSFW, the private notes and the facts, saved with items-update. */
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

/** The facts' boxes the server's field codes may land on. */
const FACT_PATHS = Object.keys(factsKeys('facts')) as (
  `facts.${'maker' | 'line' | 'character' | 'year' | 'scale' | 'condition' | 'barcode'}` | `facts.edition.${'number' | 'of'}`
)[];

function EditItemForm({ item, onDone }: { item: ItemDetail; onDone: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const update = useUpdateItem();
  const form = useZodForm(editItemFormSchema, {
    keys: KEYS,
    defaultValues: { title: item.title, tags: item.tags.join(', '), nsfw: item.nsfw, notes: item.notes ?? '', facts: factsFormValues(item.facts) },
  });
  const titleError = errorText(t, form.formState.errors.title, { max: TITLE_MAX });
  const tagsError = errorText(t, form.formState.errors.tags);

  const onSubmit = form.handleSubmit(({ title, tags, nsfw, notes, facts }) => {
    update.mutate(
      // Every fact is sent: one left blank is cleared.
      { itemId: item.id, title, tags, nsfw, notes: notes.trim() || null, facts },
      {
        onSuccess: () => {
          toast.success(t('item.updated'));
          onDone();
        },
        onError: (error) => {
          // Whatever the server found wrong with the title or the tags, the spec's one text for each.
          if (isApiError(error) && error.fields?.title) form.setError('title', { message: 'item.titleInvalid' });
          else if (isApiError(error) && error.fields?.tags) form.setError('tags', { message: 'item.tagsInvalid' });
          else if (!setServerErrors(error, form.setError, KEYS, FACT_PATHS)) toast.error(t(errorMessageKey(error)));
        },
      },
    );
  });

  return (
    <form className="grid gap-5" onSubmit={onSubmit} noValidate>
      <Field id={`${id}-title`} label={t('item.titleLabel')} error={titleError}>
        <Input
          {...form.register('title')}
          maxLength={TITLE_MAX + 20}
          {...fieldControlProps(`${id}-title`, { error: titleError })}
          autoComplete="off"
          data-testid="edit-title"
        />
      </Field>
      <Field id={`${id}-tags`} label={t('item.tagsLabel')} hint={t('item.tagsHint')} error={tagsError}>
        <Input {...form.register('tags')} {...fieldControlProps(`${id}-tags`, { error: tagsError, hint: true })} autoComplete="off" data-testid="edit-tags" />
      </Field>
      <Field id={`${id}-notes`} label={t('item.notesLabel')} hint={t('item.notesHint')}>
        <Textarea
          id={`${id}-notes`}
          {...form.register('notes')}
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
        <FormSwitch control={form.control} name="nsfw" id={`${id}-nsfw`} aria-describedby={`${id}-nsfw-hint`} data-testid="edit-nsfw" />
      </div>
      <FactsFields form={form} testId="edit-facts" />
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
