import { METADATA_MAX, parseTags, TITLE_MAX } from '@curio/contract';
import { useEffect, useId, useRef } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field, fieldDescribedBy } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { OptionalMark } from '@/components/ui/optional-mark';
import { Textarea } from '@/components/ui/textarea';
import { errorText } from '@/lib/form';
import { normalizeTags, type DetailsInput, type DetailsOutput } from '../utils/wizard-rules';
import { CreditsSummary } from './credits-summary';
import { StepHeading } from './step-heading';
import { FactsFields } from '@/components/forms/facts-fields';
import { FormSwitch } from '@/components/forms/form-switch';

type DetailsStepProps = {
  /** The wizard's details form (react-hook-form over detailsFormSchema). */
  form: UseFormReturn<DetailsInput, unknown, DetailsOutput>;
  /** After the item is created its details are fixed. */
  locked: boolean;
  focusHeading: boolean;
  /** Changes on every failed Next: the first invalid field takes focus. */
  errorAttempt: number;
};

/**
 * Step 1: the credits there are to spend, then title (required), comma-separated tags, the NSFW switch, optional notes
 * and the optional facts (folded away until wanted).
 */
export function DetailsStep({ form, locked, focusHeading, errorAttempt }: DetailsStepProps) {
  const { t } = useTranslation();
  const id = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (errorAttempt > 0) rootRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errorAttempt]);
  const tags = parseTags(normalizeTags(form.watch('tags')));
  const { errors } = form.formState;
  const titleError = errorText(t, errors.title, { max: TITLE_MAX });
  const tagsError = errorText(t, errors.tags);
  const notesError = errorText(t, errors.notes, { max: METADATA_MAX });

  return (
    <div ref={rootRef} className="grid gap-6" data-testid="wizard-details">
      <StepHeading
        title={t('addItem.details.title')}
        description={locked ? t('addItem.details.locked') : t('addItem.details.description')}
        autoFocus={focusHeading}
      />

      <CreditsSummary variant="panel" />

      <Field id={`${id}-title`} label={t('addItem.details.titleLabel')} error={titleError}>
        <Input
          id={`${id}-title`}
          {...form.register('title')}
          maxLength={TITLE_MAX}
          required
          aria-required="true"
          readOnly={locked}
          autoComplete="off"
          placeholder={t('addItem.details.titlePlaceholder')}
          aria-invalid={!!titleError}
          aria-describedby={fieldDescribedBy(`${id}-title`, { error: titleError })}
          data-testid="item-title"
        />
      </Field>

      <Field
        id={`${id}-tags`}
        label={
          <>
            {t('addItem.details.tagsLabel')}
            <OptionalMark />
          </>
        }
        error={tagsError}
        hint={t('addItem.details.tagsHint')}
      >
        <Input
          id={`${id}-tags`}
          {...form.register('tags')}
          readOnly={locked}
          autoComplete="off"
          placeholder={t('addItem.details.tagsPlaceholder')}
          aria-invalid={!!tagsError}
          aria-describedby={fieldDescribedBy(`${id}-tags`, { error: tagsError, hint: true })}
          data-testid="item-tags"
        />
        {tags.length > 0 ? (
          <ul aria-label={t('addItem.details.tagsPreview')} className="flex flex-wrap gap-1.5">
            {tags.map((tag) => (
              <li key={tag} className="rounded-full bg-accent-soft px-2.5 py-1 text-xs font-medium text-accent-soft-foreground">
                {tag}
              </li>
            ))}
          </ul>
        ) : null}
      </Field>

      <div className="flex items-start justify-between gap-4 rounded-xl border border-border bg-background/60 p-4">
        <div className="grid gap-1">
          <Label htmlFor={`${id}-nsfw`}>{t('addItem.details.nsfwLabel')}</Label>
          <p id={`${id}-nsfw-hint`} className="text-sm text-muted-foreground">
            {t('addItem.details.nsfwHint')}
          </p>
        </div>
        <FormSwitch control={form.control} name="nsfw" id={`${id}-nsfw`} disabled={locked} aria-describedby={`${id}-nsfw-hint`} data-testid="item-nsfw" />
      </div>

      <Field
        id={`${id}-notes`}
        label={
          <>
            {t('addItem.details.notesLabel')}
            <OptionalMark />
          </>
        }
        error={notesError}
        hint={t('addItem.details.notesHint')}
      >
        <Textarea
          id={`${id}-notes`}
          {...form.register('notes')}
          readOnly={locked}
          rows={3}
          maxLength={METADATA_MAX}
          placeholder={t('addItem.details.notesPlaceholder')}
          aria-invalid={!!notesError}
          aria-describedby={fieldDescribedBy(`${id}-notes`, { error: notesError, hint: true })}
          data-testid="item-notes"
        />
      </Field>

      <FactsFields form={form} locked={locked} testId="item-facts" />
    </div>
  );
}
