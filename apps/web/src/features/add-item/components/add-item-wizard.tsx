import { ALT_TEXT_MAX, DEFAULT_STYLE, parseTags, type ImageTreatment, type ItemFactsInput, type Style, type UnfinishedItem } from '@curio/contract';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, ArrowRight, Loader2, PackageCheck } from 'lucide-react';
import { useCallback, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { altTextPrefill } from '@/lib/alt-text';
import { EMPTY_FACTS_FORM, factsFormValues } from '@/lib/facts-form';
import { setServerErrors, useZodForm } from '@/lib/form';
import { useCreateItem, type CreatedItem } from '../api/create-item';
import { useGenerateVariants } from '../api/generate-variants';
import { creditBalanceQuery, useCreditBalance } from '../api/get-credit-balance';
import { useSaveAndPlace } from '../api/place-item';
import { unfinishedKeys, useItemVariants, useUnfinishedItems } from '../api/unfinished-items';
import { useLiveSiteSettings } from '../hooks/use-live-site-settings';
import { useAfterPrep } from '../hooks/use-after-prep';
import { usePhotoUploads } from '../hooks/use-photo-uploads';
import {
  createItemErrorKey,
  DETAILS_KEYS,
  detailsFormSchema,
  generateBlocker,
  generateErrorKey,
  normalizeTags,
  photoNumbers,
  photosBlocker,
  prepProgress,
  STEPS,
  type DetailsInput,
} from '../utils/wizard-rules';
import { DetailsStep } from './details-step';
import { GenerateStep, type ShownVariant } from './generate-step';
import { PhotosStep } from './photos-step';
import { StepIndicator } from './step-indicator';
import { StyleStep } from './style-step';

export type AddItemWizardProps = {
  maintenanceMode: boolean;
  isAdmin: boolean;
  /** After Save and place succeeded (the drawer closes). */
  onDone: () => void;
  /** An unfinished item to go on with, at the step where it stopped (its photos and variants as they are). */
  resume?: UnfinishedItem | null;
  /** Offered in the first step when unfinished items exist: go on with the newest instead of making another. */
  onResume?: (item: UnfinishedItem) => void;
};

const RESUME_STEP_INDEX = { photos: 1, style: 2, generate: 3 } as const;

const EMPTY_DETAILS: DetailsInput = { title: '', tags: '', nsfw: false, notes: '', facts: EMPTY_FACTS_FORM };

/**
 * The four steps: 1 Details (Next creates the item), 2 Photos (Next needs ≥ 1, all uploaded), 3 Style
 * (Next loads the balance), 4 Generate and choose (Save and place). Back moves one step. Unmounting (the
 * drawer closing) resets everything.
 */
export function AddItemWizard({ maintenanceMode, isAdmin, onDone, resume = null, onResume }: AddItemWizardProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [step, setStep] = useState(resume ? RESUME_STEP_INDEX[resume.step] : 0);
  const [moved, setMoved] = useState(false);
  // A field's error goes as soon as what is typed makes it valid (and changes with it while it is not).
  const detailsForm = useZodForm(detailsFormSchema, {
    keys: DETAILS_KEYS,
    reValidateMode: 'onChange',
    defaultValues: resume
      ? { title: resume.title, tags: resume.tags.join(', '), nsfw: resume.nsfw, notes: '', facts: factsFormValues(resume.facts) }
      : EMPTY_DETAILS,
  });
  const [errorAttempt, setErrorAttempt] = useState(0);
  const [item, setItem] = useState<CreatedItem | null>(
    resume
      ? {
          id: resume.id,
          shelfId: '',
          title: resume.title,
          tags: resume.tags,
          nsfw: resume.nsfw,
          metadata: null,
          facts: resume.facts,
          chosenCompositeId: null,
          createdAt: resume.createdAt,
        }
      : null,
  );
  const uploads = usePhotoUploads(item?.id ?? null, resume?.photos);
  // The newest unfinished item, offered in the first step instead of a new one.
  const unfinished = useUnfinishedItems({ enabled: !resume });
  const latestUnfinished = !item ? (unfinished.data?.items[0] ?? null) : null;
  const [photosError, setPhotosError] = useState<string | null>(null);
  const [style, setStyle] = useState<Style>(DEFAULT_STYLE);
  const [loadingBalance, setLoadingBalance] = useState(false);
  // Variants generated in this wizard, newest first.
  const [generated, setGenerated] = useState<ShownVariant[]>([]);
  // A resumed item's variants, paid for already: shown below them, to choose from without generating again.
  const savedVariants = useItemVariants(resume?.step === 'generate' ? resume.id : null);
  const variants = useMemo(() => {
    // Newest generation first, each in its own order.
    const saved = [...(savedVariants.data?.variants ?? [])].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.variantNo - b.variantNo);
    const shown = new Set(generated.map((v) => v.compositeId));
    return [
      ...generated,
      ...saved.filter((v) => !shown.has(v.compositeId)).map(({ compositeId, imageId, variantNo, style }) => ({ compositeId, imageId, variantNo, style })),
    ];
  }, [generated, savedVariants.data]);
  const [chosen, setChosen] = useState<string | null>(null);
  // The chosen image's alt text: null until the collector first chooses, then prefilled from the title and tags.
  const [altText, setAltText] = useState<string | null>(null);
  const [generateError, setGenerateError] = useState<string | null>(null);
  const [simpleCut, setSimpleCut] = useState<number[]>([]);
  const [treatment, setTreatment] = useState<ImageTreatment | null>(null);
  const prep = prepProgress(uploads.photos);
  const createItem = useCreateItem();
  const generate = useGenerateVariants();
  const saveAndPlace = useSaveAndPlace();
  const balance = useCreditBalance({ enabled: step === 3 });

  const go = (next: number) => {
    setMoved(true);
    setStep(next);
  };

  const nextFromDetails = () => {
    if (item) return go(1);
    void detailsForm.handleSubmit(
      (details) => createFromDetails(details.title, details.nsfw, details.notes, details.facts),
      // The first invalid field takes the focus (DetailsStep), on every failed Next.
      () => setErrorAttempt((n) => n + 1),
    )();
  };

  const createFromDetails = (title: string, nsfw: boolean, metadata: string | null, facts: ItemFactsInput) => {
    createItem.mutate(
      // The tags as typed (Chinese commas made plain): the server splits them by the same rule.
      { title, tags: normalizeTags(detailsForm.getValues('tags')), nsfw, metadata, facts },
      {
        onSuccess: ({ item: created }) => {
          setItem(created);
          void queryClient.invalidateQueries({ queryKey: unfinishedKeys.all });
          go(1);
        },
        onError: (error) => {
          // A fact the server refused shows at its box (its code translated), which then takes the focus.
          if (setServerErrors(error, detailsForm.setError, DETAILS_KEYS)) {
            setErrorAttempt((n) => n + 1);
            return;
          }
          const key = createItemErrorKey(error);
          // At the limit with unfinished items among the 50: say how many, and where to finish or delete them.
          const unfinishedCount = unfinished.data?.items.length ?? 0;
          if (key === 'addItem.itemLimitReached' && unfinishedCount > 0) {
            toast.error(t(key), { description: t('addItem.unfinished.limitHint', { count: unfinishedCount }) });
          } else toast.error(t(key));
        },
      },
    );
  };

  const nextFromPhotos = () => {
    const blocker = photosBlocker(uploads.photos);
    setPhotosError(blocker);
    if (blocker) {
      toast.error(t(blocker));
      return;
    }
    go(2);
  };

  const nextFromStyle = async () => {
    setLoadingBalance(true);
    try {
      await queryClient.fetchQuery(creditBalanceQuery);
    } catch {
      // Step 4 shows the failure with a retry.
    } finally {
      setLoadingBalance(false);
    }
    go(3);
  };

  const photos = uploads.photos;
  const startGenerate = useCallback(() => {
    if (!item) return;
    generate.mutate(
      { itemId: item.id, style },
      {
        onSuccess: ({ variants: next, simpleCut: simple, treatment: shownAs }) => {
          // The new ones first; the earlier ones (of any style) stay to choose from, and so does the choice made.
          setGenerated((earlier) => [...next.map((v) => ({ ...v, style })), ...earlier]);
          setSimpleCut(photoNumbers(photos, simple));
          setTreatment(shownAs);
          toast.success(t('addItem.generateSuccess'));
        },
        onError: (error) => {
          const key = generateErrorKey(error);
          setGenerateError(key);
          toast.error(t(key));
        },
      },
    );
  }, [item, generate, style, photos, t]);

  // Generate pressed while photos are still being prepared runs once they all are.
  const afterPrep = useAfterPrep(prep.pending, startGenerate);
  const waitingForPrep = afterPrep.waiting;
  const runGenerate = () => {
    if (!item) return;
    setGenerateError(null);
    afterPrep.request();
  };

  const save = () => {
    if (!item) return;
    if (!chosen) {
      setGenerateError('addItem.generate.chooseFirst');
      return;
    }
    if ((altText ?? '').trim().length > ALT_TEXT_MAX) {
      setGenerateError('item.altTextTooLong');
      return;
    }
    saveAndPlace.mutate(
      { itemId: item.id, compositeId: chosen, altText: altText === null ? undefined : altText.trim() || null },
      {
        onSuccess: () => {
          toast.success(t('addItem.itemCreated'));
          void queryClient.invalidateQueries({ queryKey: unfinishedKeys.all });
          onDone();
        },
        onError: () => toast.error(t('addItem.errorSave')),
      },
    );
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (step === 0) nextFromDetails();
    else if (step === 1) nextFromPhotos();
    else if (step === 2) void nextFromStyle();
    else save();
  };

  // maintenanceMode comes from the live site settings, which this keeps fresh while the wizard is open.
  useLiveSiteSettings();
  const blocker = generateBlocker({ balance: balance.data?.balance, maintenanceMode, isAdmin });
  const busy = createItem.isPending || loadingBalance || saveAndPlace.isPending;
  const spinner = <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" />;

  return (
    <form noValidate onSubmit={onSubmit} className="flex min-h-0 flex-1 flex-col" data-testid="add-item-wizard" data-step={STEPS[step]}>
      <div className="border-b border-border px-4 pb-4 sm:px-6">
        <StepIndicator current={step} />
      </div>

      <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-4 py-6 sm:px-6">
        {step === 0 ? (
          <>
            {latestUnfinished && onResume ? (
              <div
                className="mb-6 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-accent/40 bg-accent-soft/50 p-4"
                data-testid="wizard-resume-offer"
              >
                <p className="min-w-0 text-sm">
                  <span className="font-medium">{t('addItem.unfinished.offerTitle', { title: latestUnfinished.title })}</span>{' '}
                  <span className="text-muted-foreground">{t('addItem.unfinished.offerText')}</span>
                </p>
                <Button type="button" variant="secondary" size="sm" onClick={() => onResume(latestUnfinished)} data-testid="wizard-resume">
                  {t('addItem.unfinished.resume')}
                </Button>
              </div>
            ) : null}
            <DetailsStep form={detailsForm} locked={!!item} focusHeading={moved} errorAttempt={errorAttempt} />
          </>
        ) : step === 1 ? (
          <PhotosStep
            photos={uploads.photos}
            onFiles={(files) => {
              setPhotosError(null);
              void uploads.addFiles(files);
            }}
            onRoleChange={uploads.setRole}
            onRemove={uploads.remove}
            error={photosError}
            focusHeading={moved}
          />
        ) : step === 2 ? (
          <StyleStep value={style} onChange={setStyle} focusHeading={moved} />
        ) : (
          <GenerateStep
            style={style}
            balance={balance.data}
            balanceLoading={balance.isPending && balance.fetchStatus !== 'idle'}
            balanceError={balance.isError}
            onRetryBalance={() => void balance.refetch()}
            blocker={blocker}
            generating={generate.isPending}
            preparing={waitingForPrep ? { ready: prep.ready, total: prep.total } : null}
            onGenerate={runGenerate}
            simpleCut={simpleCut}
            treatment={treatment}
            variants={variants}
            chosen={chosen}
            onChoose={(id) => {
              setChosen(id);
              setGenerateError(null);
              setAltText(
                (current) =>
                  current ??
                  altTextPrefill({ title: detailsForm.getValues('title'), tags: parseTags(normalizeTags(detailsForm.getValues('tags'))), facts: item?.facts }),
              );
            }}
            altText={altText ?? ''}
            onAltTextChange={setAltText}
            error={generateError}
            focusHeading={moved}
          />
        )}
      </div>

      {/* Toasts raised in the wizard sit above this footer, never on its buttons (toast-clearance.ts). */}
      <div
        className="flex items-center justify-between gap-3 border-t border-border bg-surface px-4 py-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] sm:px-6 sm:py-4"
        data-toast-clear
        data-testid="wizard-footer"
      >
        {step > 0 ? (
          <Button type="button" variant="ghost" onClick={() => go(step - 1)} disabled={busy || generate.isPending || waitingForPrep} data-testid="wizard-back">
            <ArrowLeft aria-hidden="true" />
            {t('addItem.back')}
          </Button>
        ) : (
          <span />
        )}
        {step < 3 ? (
          <Button type="submit" disabled={busy} data-testid="wizard-next">
            {busy ? spinner : null}
            {t('addItem.next')}
            {busy ? null : <ArrowRight aria-hidden="true" />}
          </Button>
        ) : (
          <div className="flex items-center gap-3">
            {!chosen && variants.length > 0 ? <span className="hidden text-sm text-muted-foreground sm:inline">{t('addItem.generate.chooseHint')}</span> : null}
            <Button type="submit" disabled={busy || generate.isPending || waitingForPrep || !chosen} data-testid="save-and-place">
              {saveAndPlace.isPending ? spinner : <PackageCheck aria-hidden="true" />}
              {t('addItem.saveAndPlace')}
            </Button>
          </div>
        )}
      </div>
    </form>
  );
}
