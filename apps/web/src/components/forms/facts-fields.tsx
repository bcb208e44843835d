import { FACT_LIMITS, factYearMax, ITEM_CONDITIONS } from '@curio/contract';
import { ChevronDown } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { get, useWatch, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/components/ui/collapsible';
import { Field, fieldControlProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/select';
import { OptionalMark } from '@/components/ui/optional-mark';
import { anyFact, type FactsFormValues } from '@/lib/facts-form';
import { errorText } from '@/lib/form';

type FactsFieldsProps<T extends FieldValues, R> = {
  /** A form whose values hold the facts under `facts` (factsFormSchema, keys from factsKeys('facts')). */
  form: UseFormReturn<T, unknown, R>;
  /** Shown, not changed (a saved item in the wizard). */
  locked?: boolean;
  /** Test ids of the boxes start with this (`item-facts-maker`). */
  testId?: string;
};

/**
 * An item's facts, all optional, behind one disclosure that opens by itself when any is set (or wrong): maker,
 * line, character, year, scale, edition ("12 of 500"), condition and barcode. Numbers get a numeric keyboard.
 */
export function FactsFields<T extends FieldValues, R>({ form, locked = false, testId = 'facts' }: FactsFieldsProps<T, R>) {
  const { t } = useTranslation();
  const id = useId();
  const name = (field: string) => `facts.${field}` as Path<T>;
  const all = 'facts' as Path<T>;
  const values = useWatch({ control: form.control, name: all }) as FactsFormValues | undefined;
  const [open, setOpen] = useState(() => anyFact(form.getValues(all) as FactsFormValues));
  const errors = form.formState.errors;
  const error = (field: string, values?: Record<string, unknown>) => errorText(t, get(errors, `facts.${field}`) as { message?: string } | undefined, values);
  const errs = {
    maker: error('maker', { max: FACT_LIMITS.name }),
    line: error('line', { max: FACT_LIMITS.name }),
    character: error('character', { max: FACT_LIMITS.name }),
    year: error('year', { min: FACT_LIMITS.yearMin, max: factYearMax() }),
    scale: error('scale', { max: FACT_LIMITS.scale }),
    number: error('edition.number', { max: FACT_LIMITS.editionMax }),
    of: error('edition.of', { max: FACT_LIMITS.editionMax }),
    condition: error('condition'),
    barcode: error('barcode'),
  };
  // Wrong facts are never hidden: the disclosure stays open while any is, so the first one can take the focus.
  const shown = open || Object.values(errs).some(Boolean) || (locked && !!values && anyFact(values));

  const text = (field: 'maker' | 'line' | 'character' | 'scale', max: number, err: string | null, extra: { className?: string } = {}) => (
    <Field
      id={`${id}-${field}`}
      label={t(`facts.${field}Label`)}
      error={err}
      hint={field === 'scale' ? t('facts.scaleHint') : undefined}
      className={extra.className}
    >
      <Input
        {...form.register(name(field))}
        {...fieldControlProps(`${id}-${field}`, { error: err, hint: field === 'scale' })}
        maxLength={max + 20}
        readOnly={locked}
        autoComplete="off"
        spellCheck={false}
        placeholder={t(`facts.${field}Placeholder`)}
        data-testid={`${testId}-${field}`}
      />
    </Field>
  );
  const numeric = { type: 'text', inputMode: 'numeric' as const, pattern: '[0-9]*', autoComplete: 'off', readOnly: locked };

  return (
    <Collapsible open={shown} onOpenChange={setOpen} className="rounded-xl border border-border bg-background/60" data-testid={`${testId}-details`}>
      <CollapsibleTrigger
        className="group flex min-h-12 w-full cursor-pointer items-center justify-between gap-3 rounded-xl px-4 py-2 text-left text-sm font-medium focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring"
        data-testid={`${testId}-toggle`}
      >
        <span>
          {t('facts.disclosure')}
          <OptionalMark />
        </span>
        <ChevronDown
          className="size-4 shrink-0 text-muted-foreground transition-transform duration-150 group-data-[state=open]:rotate-180 motion-reduce:transition-none"
          aria-hidden="true"
        />
      </CollapsibleTrigger>
      <CollapsibleContent className="border-t border-border px-4 pt-4 pb-5">
        <p className="mb-4 text-sm text-muted-foreground">{t('facts.disclosureHint')}</p>
        <div className="grid gap-5 sm:grid-cols-2">
          {text('maker', FACT_LIMITS.name, errs.maker)}
          {text('line', FACT_LIMITS.name, errs.line)}
          {text('character', FACT_LIMITS.name, errs.character, { className: 'sm:col-span-2' })}
          <Field id={`${id}-year`} label={t('facts.yearLabel')} error={errs.year}>
            <Input
              {...form.register(name('year'))}
              {...fieldControlProps(`${id}-year`, { error: errs.year })}
              {...numeric}
              maxLength={4}
              placeholder={t('facts.yearPlaceholder')}
              data-testid={`${testId}-year`}
            />
          </Field>
          {text('scale', FACT_LIMITS.scale, errs.scale)}
          <Edition
            id={`${id}-edition`}
            legend={t('facts.editionLabel')}
            error={errs.number ?? errs.of}
            hint={t('facts.editionHint')}
            number={
              <Input
                {...form.register(name('edition.number'))}
                {...numeric}
                id={`${id}-edition-number`}
                aria-label={t('facts.editionNumberLabel')}
                aria-invalid={!!errs.number}
                aria-describedby={errs.number || errs.of ? `${id}-edition-error` : `${id}-edition-hint`}
                maxLength={7}
                placeholder={t('facts.editionNumberPlaceholder')}
                className="w-24 text-center tabular-nums"
                data-testid={`${testId}-edition-number`}
              />
            }
            of={
              <Input
                {...form.register(name('edition.of'))}
                {...numeric}
                id={`${id}-edition-of`}
                aria-label={t('facts.editionOfLabel')}
                aria-invalid={!!errs.of}
                aria-describedby={errs.number || errs.of ? `${id}-edition-error` : `${id}-edition-hint`}
                maxLength={7}
                placeholder={t('facts.editionOfPlaceholder')}
                className="w-24 text-center tabular-nums"
                data-testid={`${testId}-edition-of`}
              />
            }
            ofWord={t('facts.editionOf')}
          />
          <Field id={`${id}-condition`} label={t('facts.conditionLabel')} error={errs.condition}>
            <NativeSelect
              {...form.register(name('condition'))}
              {...fieldControlProps(`${id}-condition`, { error: errs.condition })}
              disabled={locked}
              data-testid={`${testId}-condition`}
            >
              <option value="">{t('facts.conditionUnset')}</option>
              {ITEM_CONDITIONS.map((c) => (
                <option key={c} value={c}>
                  {t(`facts.condition.${c}`)}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field id={`${id}-barcode`} label={t('facts.barcodeLabel')} error={errs.barcode} hint={t('facts.barcodeHint')}>
            <Input
              {...form.register(name('barcode'))}
              {...fieldControlProps(`${id}-barcode`, { error: errs.barcode, hint: true })}
              {...numeric}
              pattern="[0-9 \-]*"
              maxLength={FACT_LIMITS.barcode}
              placeholder={t('facts.barcodePlaceholder')}
              data-testid={`${testId}-barcode`}
            />
          </Field>
        </div>
      </CollapsibleContent>
    </Collapsible>
  );
}

/** "[12] of [500]": two number boxes under one legend, one error for the pair. */
function Edition({
  id,
  legend,
  error,
  hint,
  number,
  of,
  ofWord,
}: {
  id: string;
  legend: string;
  error: string | null;
  hint: string;
  number: ReactNode;
  of: ReactNode;
  ofWord: string;
}) {
  return (
    <fieldset className="min-w-0">
      <legend className="mb-2 text-sm leading-none font-medium text-foreground">{legend}</legend>
      <div className="flex items-center gap-2">
        {number}
        <span className="text-sm text-muted-foreground" aria-hidden="true">
          {ofWord}
        </span>
        {of}
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-2 text-sm font-medium text-danger">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="mt-2 text-sm text-muted-foreground">
          {hint}
        </p>
      )}
    </fieldset>
  );
}
