import { ALT_TEXT_MAX, itemsUpdateInputSchema, METADATA_MAX, TITLE_MAX } from '@curio/contract';
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
import { imageUrl } from '@/lib/image-url';
import { errorMessageKey } from '@/lib/error-messages';
import { factsFormSchema, factsFormValues, factsKeys } from '@/lib/facts-form';
import { errorText, setServerErrors, useZodForm, type FormKeys } from '@/lib/form';
import type { ItemDetail } from '../api/get-item';
import { useUpdateItem, useUpdatePhotoAlt } from '../api/update-item';
import { FactsFields } from '@/components/forms/facts-fields';
import { FormSwitch } from '@/components/forms/form-switch';

/** The title and the facts by the contract's rules; tags and notes as typed (the server reads the tags); alt texts by their limit. */
const altText = z.string().trim().max(ALT_TEXT_MAX);
const editItemFormSchema = itemsUpdateInputSchema
  .pick({ title: true, nsfw: true })
  .extend({ tags: z.string(), notes: z.string(), altText, photoAlts: z.array(altText), facts: factsFormSchema });
const KEYS: FormKeys = {
  title: { required: 'common.required', too_long: 'item.titleTooLong' },
  altText: { too_long: 'item.altTextTooLong' },
  ...Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`photoAlts.${i}`, { too_long: 'item.altTextTooLong' }])),
  ...factsKeys('facts'),
};

/**
 * Owner only: title, tags (comma-separated text), NSFW, the private notes, the chosen image's alt text and the facts,
 * saved with items-update; each photo's alt text, saved with photos-update where it changed.
 */
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
  const updatePhoto = useUpdatePhotoAlt(item.id);
  const form = useZodForm(editItemFormSchema, {
    keys: KEYS,
    defaultValues: {
      title: item.title,
      tags: item.tags.join(', '),
      nsfw: item.nsfw,
      notes: item.notes ?? '',
      altText: item.altText ?? '',
      photoAlts: item.photos.map((p) => p.altText ?? ''),
      facts: factsFormValues(item.facts),
    },
  });
  const titleError = errorText(t, form.formState.errors.title, { max: TITLE_MAX });
  const tagsError = errorText(t, form.formState.errors.tags);
  const altError = errorText(t, form.formState.errors.altText, { max: ALT_TEXT_MAX });

  // Then each photo's alt text that changed (photos-update), and the dialog closes once all are saved.
  const savePhotoAlts = async (photoAlts: string[]) => {
    try {
      for (const [i, p] of item.photos.entries()) {
        const next = photoAlts[i] ?? '';
        if (next !== (p.altText ?? '')) await updatePhoto.mutateAsync({ imageId: p.imageId, altText: next || null });
      }
    } catch (error) {
      toast.error(t(errorMessageKey(error)));
      return;
    }
    toast.success(t('item.updated'));
    onDone();
  };

  const onSubmit = form.handleSubmit(({ title, tags, nsfw, notes, altText: alt, photoAlts, facts }) => {
    update.mutate(
      // Every fact is sent: one left blank is cleared.
      { itemId: item.id, title, tags, nsfw, notes: notes.trim() || null, altText: alt || null, facts },
      {
        onSuccess: () => void savePhotoAlts(photoAlts),
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
      <Field id={`${id}-alt`} label={t('item.altTextLabel')} hint={t('item.altTextHint')} error={altError}>
        <Textarea
          {...form.register('altText')}
          maxLength={ALT_TEXT_MAX + 20}
          rows={2}
          {...fieldControlProps(`${id}-alt`, { error: altError, hint: true })}
          data-testid="edit-alt-text"
        />
      </Field>
      {item.photos.length > 0 ? (
        <fieldset className="grid gap-3">
          <legend className="mb-1 text-sm font-medium">{t('item.photoAltLegend')}</legend>
          {item.photos.map((photo, i) => {
            const fieldId = `${id}-photo-alt-${i}`;
            const error = errorText(t, form.formState.errors.photoAlts?.[i], { max: ALT_TEXT_MAX });
            return (
              <div key={photo.id} className="flex items-start gap-3">
                <img src={imageUrl(photo.imageId, 'thumb')} alt="" className="mt-6 size-12 shrink-0 rounded-md border border-border object-cover" />
                <Field
                  id={fieldId}
                  className="min-w-0 flex-1"
                  label={t('item.photoAltLabel', { current: i + 1, role: t(`item.photoRole.${photo.role}`, { defaultValue: photo.role }) })}
                  error={error}
                >
                  <Input
                    {...form.register(`photoAlts.${i}`)}
                    maxLength={ALT_TEXT_MAX + 20}
                    {...fieldControlProps(fieldId, { error })}
                    autoComplete="off"
                    data-testid="edit-photo-alt"
                  />
                </Field>
              </div>
            );
          })}
        </fieldset>
      ) : null}
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
        <Button type="submit" disabled={update.isPending || updatePhoto.isPending} data-testid="edit-save">
          {update.isPending || updatePhoto.isPending ? <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" /> : null}
          {t('item.saveChanges')}
        </Button>
      </div>
    </form>
  );
}
