import { ALT_TEXT_MAX, GENERATION_COST, VARIANTS_PER_GENERATION, type CreditBalance, type ImageTreatment, type Style, type Variant } from '@curio/contract';
import { AlertTriangle, CheckCircle2, Coins, Info, Loader2, RefreshCw, Sparkles } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Field, fieldDescribedBy } from '@/components/ui/field';
import { ImageChoice } from '@/components/ui/image-choice';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/utils';
import { CreditsHelp } from './credits-summary';
import { StepHeading } from './step-heading';

export type ShownVariant = Variant & { style: Style };

/** The variants by style, in the order each style first appears (the newest generation's first). */
function byStyle(variants: readonly ShownVariant[]): { style: Style; variants: ShownVariant[] }[] {
  const groups = new Map<Style, ShownVariant[]>();
  for (const v of variants) groups.set(v.style, [...(groups.get(v.style) ?? []), v]);
  return [...groups].map(([style, list]) => ({ style, variants: list }));
}

type GenerateStepProps = {
  style: Style;
  balance: CreditBalance | undefined;
  balanceLoading: boolean;
  balanceError: boolean;
  onRetryBalance: () => void;
  /** Why Generate is disabled (an i18n key), or null. */
  blocker: string | null;
  generating: boolean;
  /** Generate was pressed and waits for the photos' preparation: how far it has come. */
  preparing: { ready: number; total: number } | null;
  onGenerate: () => void;
  /** Photos (1-based numbers) for which the last generation used the simple cut. */
  simpleCut: readonly number[];
  /** How the last generation showed the item (a framed print is explained); null before one, or when a model staged it. */
  treatment: ImageTreatment | null;
  /** Every variant generated for the item, newest generation first, each with its style (nothing paid for is dropped). */
  variants: readonly ShownVariant[];
  chosen: string | null;
  onChoose: (compositeId: string) => void;
  /** The chosen image's alt text (asked once a variant is chosen, prefilled from the title and tags). */
  altText: string;
  onAltTextChange: (text: string) => void;
  error: string | null;
  focusHeading: boolean;
};

/** Step 4: the balance, Generate, a visible progress state, and every variant (three per row, by style) to choose from. */
export function GenerateStep(props: GenerateStepProps) {
  const { t } = useTranslation();
  const name = useId();
  const statusId = useId();
  const altId = useId();
  const { variants, generating, preparing } = props;
  const busy = generating || preparing !== null;
  const showBlocker = props.blocker && props.blocker !== 'addItem.generate.balanceUnknown';
  const resultsRef = useRef<HTMLFieldSetElement>(null);

  // New variants arrive below the fold on a desktop drawer: bring them into view (a phone already
  // scrolls the step as it grows, and a jump there would lose the reader's place).
  useEffect(() => {
    const el = resultsRef.current;
    if (!el || variants.length === 0 || typeof window.matchMedia !== 'function') return;
    if (!window.matchMedia('(min-width: 640px)').matches) return;
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    el.scrollIntoView?.({ behavior: reduced ? 'auto' : 'smooth', block: 'nearest' });
  }, [variants]);

  return (
    <div className="grid gap-6" data-testid="wizard-generate">
      <StepHeading
        title={t('addItem.generate.title')}
        description={t('addItem.generate.description', { style: t(`addItem.style.names.${props.style}`), number: VARIANTS_PER_GENERATION })}
        autoFocus={props.focusHeading}
      />

      <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-border bg-background/60 p-4">
        <div className="flex items-center gap-3">
          <span className="flex size-10 items-center justify-center rounded-lg bg-accent-soft text-accent-soft-foreground">
            <Coins className="size-5" aria-hidden="true" />
          </span>
          <div className="grid">
            <span className="text-sm text-muted-foreground">{t('addItem.generate.balanceLabel')}</span>
            {props.balanceLoading ? (
              <Skeleton className="h-6 w-16" />
            ) : props.balanceError ? (
              <span className="flex items-center gap-2 text-sm font-medium">
                {t('addItem.generate.balanceFailed')}
                <Button variant="link" size="sm" onClick={props.onRetryBalance}>
                  {t('common.retry')}
                </Button>
              </span>
            ) : (
              <span className="font-display text-xl font-semibold tabular-nums" data-testid="credit-balance">
                {t('addItem.generate.balance', { count: props.balance?.balance ?? 0 })}
              </span>
            )}
          </div>
        </div>
        <div className="grid justify-items-end gap-1">
          <Button onClick={props.onGenerate} disabled={!!props.blocker || busy} aria-describedby={showBlocker ? statusId : undefined} data-testid="generate">
            {busy ? (
              <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
            ) : variants.length ? (
              <RefreshCw aria-hidden="true" />
            ) : (
              <Sparkles aria-hidden="true" />
            )}
            {variants.length ? t('addItem.generate.again') : t('addItem.generate.button')}
          </Button>
          <span className="text-xs text-muted-foreground">{t('addItem.generate.cost', { count: GENERATION_COST })}</span>
        </div>
      </div>

      {showBlocker ? (
        <div className="grid gap-2">
          <p id={statusId} className="rounded-lg bg-warning-bg px-3 py-2 text-sm font-medium text-warning-fg" data-testid="generate-blocked">
            {t(props.blocker!)}
          </p>
          {/* Out of credits: when the allowance tops the balance up, and how to get more before then. */}
          {props.blocker === 'addItem.needCredits' && props.balance ? <CreditsHelp balance={props.balance} className="px-3" /> : null}
        </div>
      ) : null}

      {busy ? (
        <div className="grid gap-3" data-testid="generate-progress" data-phase={preparing ? 'preparing' : 'generating'}>
          <div className="grid gap-1.5">
            <p role="status" className="flex items-center gap-2 text-sm font-medium">
              <Loader2 className="size-4 animate-spin text-accent motion-reduce:animate-none" aria-hidden="true" />
              {preparing
                ? t('addItem.generate.preparing', { ready: preparing.ready, total: preparing.total })
                : t('addItem.generate.progress', { number: VARIANTS_PER_GENERATION })}
            </p>
            {preparing ? (
              <>
                <div
                  role="progressbar"
                  aria-label={t('addItem.generate.preparing', { ready: preparing.ready, total: preparing.total })}
                  aria-valuemin={0}
                  aria-valuemax={preparing.total}
                  aria-valuenow={preparing.ready}
                  className="h-1.5 overflow-hidden rounded-full bg-surface-sunken"
                >
                  <div
                    className="h-full rounded-full bg-accent transition-[width] duration-300"
                    style={{ width: `${Math.max(4, (preparing.ready / Math.max(1, preparing.total)) * 100)}%` }}
                  />
                </div>
                <p className="text-xs text-muted-foreground">{t('addItem.generate.preparingHint')}</p>
              </>
            ) : null}
          </div>
          <div className="grid grid-cols-3 gap-2 sm:gap-3" aria-hidden="true">
            {Array.from({ length: VARIANTS_PER_GENERATION }, (_, i) => (
              <Skeleton key={i} className="aspect-[4/5] w-full rounded-xl" />
            ))}
          </div>
        </div>
      ) : variants.length > 0 ? (
        <fieldset ref={resultsRef} className="grid scroll-mt-4 gap-3" data-testid="variant-results">
          <legend className="mb-1 font-medium">{t('addItem.generate.chooseLegend')}</legend>
          {byStyle(variants).map((group, groupIndex, groups) => (
            // More than one style tried: each style's variants under its name, every one still to choose from.
            <div key={group.style} className="grid gap-2" data-testid="variant-group" data-style={group.style}>
              {groups.length > 1 ? (
                <p className="text-sm font-semibold text-muted-foreground">
                  {t(`addItem.style.names.${group.style}`)}
                  {groupIndex > 0 ? <span className="font-normal"> · {t('addItem.generate.earlier')}</span> : null}
                </p>
              ) : null}
              <div className="grid grid-cols-3 gap-2 sm:gap-3" data-testid="variant-list">
                {group.variants.map((variant, index) => {
                  const checked = props.chosen === variant.compositeId;
                  const label =
                    groups.length > 1
                      ? t('addItem.generate.styleVariant', { style: t(`addItem.style.names.${group.style}`), number: index + 1 })
                      : t('addItem.generate.variant', { number: index + 1 });
                  return (
                    <ImageChoice
                      key={variant.compositeId}
                      name={name}
                      value={variant.compositeId}
                      imageId={variant.imageId}
                      checked={checked}
                      onSelect={props.onChoose}
                      label={label}
                      data-testid="variant-card"
                      data-composite-id={variant.compositeId}
                      className={cn('shadow-soft', checked && 'shadow-lift')}
                    >
                      {/* Top right: the styles put their title boxes and cards on the left (manga's at its top-left corner),
                          so the number never covers their first letter; a chosen card's badge carries the check. */}
                      <span
                        aria-hidden="true"
                        data-testid="variant-badge"
                        className={cn(
                          'absolute top-1.5 right-1.5 inline-flex items-center gap-1 rounded-md px-1.5 py-0.5 text-xs font-semibold tabular-nums shadow-soft',
                          checked ? 'bg-accent text-accent-foreground' : 'bg-surface/90 text-foreground',
                        )}
                      >
                        {checked ? <CheckCircle2 className="size-3.5" /> : null}
                        {index + 1}
                      </span>
                    </ImageChoice>
                  );
                })}
              </div>
            </div>
          ))}
        </fieldset>
      ) : (
        <div className="grid grid-cols-3 gap-2 sm:gap-3" aria-hidden="true">
          {Array.from({ length: VARIANTS_PER_GENERATION }, (_, i) => (
            <div key={i} className="aspect-[4/5] rounded-xl border-2 border-dashed border-border" />
          ))}
        </div>
      )}

      {!busy && props.chosen ? (
        <Field id={altId} label={t('item.altTextLabel')} hint={t('addItem.generate.altTextHint')}>
          <Textarea
            id={altId}
            value={props.altText}
            onChange={(event) => props.onAltTextChange(event.target.value)}
            maxLength={ALT_TEXT_MAX}
            rows={2}
            aria-describedby={fieldDescribedBy(altId, { hint: true })}
            data-testid="wizard-alt-text"
          />
        </Field>
      ) : null}

      {!busy && variants.length > 0 && props.simpleCut.length > 0 ? (
        <p className="flex items-start gap-2 rounded-lg bg-warning-bg px-3 py-2 text-sm text-warning-fg" data-testid="generate-simple-cut">
          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {t('addItem.generate.simpleCut', { count: props.simpleCut.length, numbers: props.simpleCut.join(', ') })}
        </p>
      ) : null}

      {!busy && variants.length > 0 && props.treatment?.kind === 'print' && props.treatment.reason ? (
        <p className="flex items-start gap-2 rounded-lg bg-info-bg px-3 py-2 text-sm text-info-fg" data-testid="generate-treatment">
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {t(`addItem.generate.treatment.${props.treatment.reason}`)}
        </p>
      ) : null}

      {props.error ? (
        <p role="alert" className="text-sm font-medium text-danger" data-testid="generate-error">
          {t(props.error)}
        </p>
      ) : null}
    </div>
  );
}
