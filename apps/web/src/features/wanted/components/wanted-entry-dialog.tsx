import { FACT_LIMITS, ITEM_CONDITIONS, WANTED_LIMITS, type ItemFacts } from '@curio/contract';
import { ImagePlus, Loader2, X } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { z } from 'zod';
import { FormSwitch } from '@/components/forms/form-switch';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Field, fieldControlProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { errorMessageKey } from '@/lib/error-messages';
import { errorText, everyCode, filled, setServerErrors, useZodForm, type FormKeys } from '@/lib/form';
import { imageUrl } from '@/lib/image-url';
import { uploadReferencePhoto, useCreateWanted, useUpdateWanted, type WantedEntry } from '../api/wanted';

const name = z.string().trim().max(FACT_LIMITS.name);
const formSchema = z.object({
  title: filled(z.string().max(WANTED_LIMITS.title)),
  facts: z.object({
    maker: name,
    line: name,
    character: name,
    scale: z.string().trim().max(FACT_LIMITS.scale),
    year: z
      .string()
      .trim()
      .refine((v) => v === '' || /^\d{4}$/.test(v), { params: { fieldCode: 'invalid_format' } }),
    condition: z.enum(['', ...ITEM_CONDITIONS]),
  }),
  note: z.string().trim().max(WANTED_LIMITS.note),
  public: z.boolean(),
});
type FormValues = z.input<typeof formSchema>;

const KEYS: FormKeys = {
  title: { required: 'wanted.form.titleRequired', too_long: 'wanted.form.tooLong' },
  'facts.maker': { too_long: 'wanted.form.tooLong' },
  'facts.line': { too_long: 'wanted.form.tooLong' },
  'facts.character': { too_long: 'wanted.form.tooLong' },
  'facts.scale': { too_long: 'wanted.form.tooLong' },
  'facts.year': everyCode('wanted.form.yearInvalid'),
  note: { too_long: 'wanted.form.tooLong' },
};

/** What the dialog starts from: an entry to edit, or a new one (empty, or prefilled from someone's item). */
export type WantedDraft = { title: string; facts?: Partial<ItemFacts> | null; note?: string; public?: boolean };

const toValues = (from: WantedEntry | WantedDraft): FormValues => ({
  title: from.title,
  facts: {
    maker: from.facts?.maker ?? '',
    line: from.facts?.line ?? '',
    character: from.facts?.character ?? '',
    scale: from.facts?.scale ?? '',
    year: from.facts?.year != null ? String(from.facts.year) : '',
    condition: from.facts?.condition ?? '',
  },
  note: ('note' in from ? from.note : null) ?? '',
  public: from.public ?? false,
});

/**
 * Adds an entry to the caller's wanted list, or edits one: title, the facts a collector looks for (maker, line,
 * character, year, scale, condition; an entry's edition and barcode are kept as they are), a note, a reference
 * photo and whether others see it.
 */
export function WantedEntryDialog({
  open,
  onOpenChange,
  entry,
  draft,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The entry to edit; without one, a new entry. */
  entry?: WantedEntry;
  draft?: WantedDraft;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('common.close')} data-testid="wanted-dialog" className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <DialogTitle>{entry ? t('wanted.form.editTitle') : t('wanted.form.addTitle')}</DialogTitle>
        <DialogDescription>{t('wanted.form.description')}</DialogDescription>
        {open ? <WantedEntryForm entry={entry} draft={draft} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function WantedEntryForm({ entry, draft, onDone }: { entry?: WantedEntry; draft?: WantedDraft; onDone: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const create = useCreateWanted();
  const update = useUpdateWanted();
  const [imageId, setImageId] = useState<string | null>(entry?.imageId ?? null);
  const [uploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const form = useZodForm(formSchema, { keys: KEYS, defaultValues: toValues(entry ?? draft ?? { title: '' }) });
  const errors = form.formState.errors;
  const err = (error: { message?: string } | undefined, max?: number) => errorText(t, error, { max });
  const titleError = err(errors.title, WANTED_LIMITS.title);
  const noteError = err(errors.note, WANTED_LIMITS.note);
  const pending = create.isPending || update.isPending || uploading;

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    try {
      setImageId(await uploadReferencePhoto(file));
    } catch (error) {
      toast.error(t(errorMessageKey(error)));
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const onSubmit = form.handleSubmit((values) => {
    const facts = {
      ...(entry
        ? { edition: entry.facts.edition, barcode: entry.facts.barcode }
        : { edition: draft?.facts?.edition ?? null, barcode: draft?.facts?.barcode ?? null }),
      maker: values.facts.maker || null,
      line: values.facts.line || null,
      character: values.facts.character || null,
      scale: values.facts.scale || null,
      year: values.facts.year ? Number(values.facts.year) : null,
      condition: values.facts.condition || null,
    };
    const body = { title: values.title, facts, note: values.note || null, public: values.public, imageId };
    const onError = (error: unknown) => {
      if (!setServerErrors(error, form.setError, KEYS)) toast.error(t(errorMessageKey(error)));
    };
    const onSuccess = () => {
      toast.success(entry ? t('wanted.form.saved') : t('wanted.form.added'));
      onDone();
    };
    if (entry) update.mutate({ id: entry.id, ...body }, { onSuccess, onError });
    else create.mutate(body, { onSuccess, onError });
  });

  const text = (field: 'maker' | 'line' | 'character' | 'scale', max: number) => {
    const fieldId = `${id}-${field}`;
    const error = err(errors.facts?.[field], max);
    return (
      <Field id={fieldId} label={t(`wanted.facts.${field}`)} error={error}>
        <Input
          {...form.register(`facts.${field}`)}
          maxLength={max + 20}
          autoComplete="off"
          {...fieldControlProps(fieldId, { error })}
          data-testid={`wanted-${field}`}
        />
      </Field>
    );
  };
  const yearError = err(errors.facts?.year);

  return (
    <form className="grid gap-5" onSubmit={onSubmit} noValidate data-testid="wanted-form">
      <Field id={`${id}-title`} label={t('wanted.form.title')} error={titleError}>
        <Input
          {...form.register('title')}
          maxLength={WANTED_LIMITS.title + 20}
          autoComplete="off"
          {...fieldControlProps(`${id}-title`, { error: titleError })}
          data-testid="wanted-title"
        />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        {text('maker', FACT_LIMITS.name)}
        {text('line', FACT_LIMITS.name)}
        {text('character', FACT_LIMITS.name)}
        {text('scale', FACT_LIMITS.scale)}
        <Field id={`${id}-year`} label={t('wanted.facts.year')} error={yearError}>
          <Input
            {...form.register('facts.year')}
            inputMode="numeric"
            maxLength={4}
            autoComplete="off"
            {...fieldControlProps(`${id}-year`, { error: yearError })}
            data-testid="wanted-year"
          />
        </Field>
        <Field id={`${id}-condition`} label={t('wanted.facts.condition')}>
          <NativeSelect id={`${id}-condition`} {...form.register('facts.condition')} data-testid="wanted-condition">
            <option value="">{t('wanted.facts.anyCondition')}</option>
            {ITEM_CONDITIONS.map((c) => (
              <option key={c} value={c}>
                {t(`wanted.conditions.${c}`)}
              </option>
            ))}
          </NativeSelect>
        </Field>
      </div>
      <Field id={`${id}-note`} label={t('wanted.form.note')} hint={t('wanted.form.noteHint')} error={noteError}>
        <Textarea
          {...form.register('note')}
          rows={3}
          maxLength={WANTED_LIMITS.note + 20}
          {...fieldControlProps(`${id}-note`, { error: noteError, hint: true })}
          data-testid="wanted-note"
        />
      </Field>
      <div className="grid gap-2">
        <span className="text-sm font-medium" id={`${id}-photo`}>
          {t('wanted.form.photo')}
        </span>
        <div className="flex flex-wrap items-center gap-3">
          {imageId ? (
            <img
              src={imageUrl(imageId, 'thumb')}
              alt={t('wanted.form.photoAlt')}
              className="size-16 rounded-lg border border-border object-cover"
              data-testid="wanted-photo"
            />
          ) : null}
          <input
            ref={fileInput}
            type="file"
            accept="image/*"
            className="sr-only"
            tabIndex={-1}
            aria-hidden="true"
            onChange={(event) => void onFile(event.target.files?.[0])}
            data-testid="wanted-photo-input"
          />
          <Button type="button" variant="secondary" size="sm" onClick={() => fileInput.current?.click()} disabled={uploading} aria-describedby={`${id}-photo`}>
            {uploading ? <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" /> : <ImagePlus aria-hidden="true" />}
            {imageId ? t('wanted.form.photoReplace') : t('wanted.form.photoAdd')}
          </Button>
          {imageId ? (
            <Button type="button" variant="ghost" size="sm" onClick={() => setImageId(null)}>
              <X aria-hidden="true" />
              {t('wanted.form.photoRemove')}
            </Button>
          ) : null}
        </div>
      </div>
      <div className="flex items-center justify-between gap-4 rounded-lg border border-border p-4">
        <div className="grid gap-1">
          <Label htmlFor={`${id}-public`}>{t('wanted.form.public')}</Label>
          <p id={`${id}-public-hint`} className="text-sm text-muted-foreground">
            {t('wanted.form.publicHint')}
          </p>
        </div>
        <FormSwitch control={form.control} name="public" id={`${id}-public`} aria-describedby={`${id}-public-hint`} data-testid="wanted-public" />
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onDone}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" disabled={pending} data-testid="wanted-save">
          {create.isPending || update.isPending ? <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" /> : null}
          {entry ? t('wanted.form.save') : t('wanted.form.add')}
        </Button>
      </div>
    </form>
  );
}
