import { itemReportInputSchema, REPORT_NOTE_MAX, REPORT_REASONS } from '@curio/contract';
import { Flag, Loader2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { z } from 'zod';
import { Button, type ButtonProps } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Field, fieldDescribedBy } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { callFunction } from '@/lib/api-client';
import { errorMessageKey } from '@/lib/error-messages';
import { errorText, everyCode, useZodForm, type FormKeys } from '@/lib/form';
import { cn } from '@/lib/utils';

/** A reason and an optional note, by the contract's rules of a report (none chosen yet: ''). */
const reportFormSchema = itemReportInputSchema.pick({ note: true }).extend({ reason: z.string().pipe(itemReportInputSchema.shape.reason) });
const noteRule = itemReportInputSchema.shape.note;
// No reason chosen reads as null from the radios (invalid_type) or '' (invalid_value): one text for either.
const KEYS: FormKeys = { reason: everyCode('report.reasonRequired'), note: { too_long: 'report.noteTooLong' } };

type Target = { kind: 'item'; itemId: string } | { kind: 'profile'; userId: string };

/**
 * "Report": a dialog with the six reasons and an optional note (`item-report`, `profile-report`).
 * Shown to signed-in visitors of someone else's item or profile. A repeated report of the same
 * thing while it is open changes nothing; the reporter hears the outcome in their notifications.
 */
export function ReportButton({
  target,
  variant = 'ghost',
  className,
  testId = 'report-button',
  iconOnly = false,
}: {
  target: Target;
  variant?: ButtonProps['variant'];
  className?: string;
  testId?: string;
  /** The flag alone (its name read out and shown on hover): for a row of actions that must stay on one line. */
  iconOnly?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [open, setOpen] = useState(false);
  const form = useZodForm(reportFormSchema, { keys: KEYS, defaultValues: { reason: '', note: '' } });
  const [pending, setPending] = useState(false);
  const [reason, note = ''] = form.watch(['reason', 'note']);
  // Told as it is typed, as the counter (the contract's rule: at most REPORT_NOTE_MAX characters, trimmed).
  const tooLong = !noteRule.safeParse(note).success;
  const reasonError = errorText(t, form.formState.errors.reason);

  const reset = () => form.reset();

  const submit = form.handleSubmit(async ({ reason, note }) => {
    if (pending) return;
    setPending(true);
    try {
      const extra = note ? { note } : {};
      if (target.kind === 'item') await callFunction('item-report', { itemId: target.itemId, reason, ...extra });
      else await callFunction('profile-report', { userId: target.userId, reason, ...extra });
      toast.success(t('report.sent'));
      setOpen(false);
      reset();
    } catch (error) {
      toast.error(t('report.failed'), { description: t(errorMessageKey(error)) });
    } finally {
      setPending(false);
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) reset();
      }}
    >
      <DialogTrigger asChild>
        {iconOnly ? (
          <Button variant={variant} size="icon" className={className} title={t('report.button')} data-testid={testId}>
            <Flag className="size-4" aria-hidden="true" />
            <span className="sr-only">{t('report.button')}</span>
          </Button>
        ) : (
          <Button variant={variant} className={className} data-testid={testId}>
            <Flag className="size-4" aria-hidden="true" />
            {t('report.button')}
          </Button>
        )}
      </DialogTrigger>
      <DialogContent closeLabel={t('common.close')} data-testid="report-dialog">
        <DialogTitle>{target.kind === 'item' ? t('report.titleItem') : t('report.titleProfile')}</DialogTitle>
        <DialogDescription>{t('report.description')}</DialogDescription>
        <form className="grid gap-5" onSubmit={(e) => void submit(e)} noValidate>
          <fieldset className="grid gap-2" aria-describedby={reasonError ? `${id}-reason-error` : undefined}>
            <legend className="mb-2 text-sm font-medium">{t('report.reasonLabel')}</legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {REPORT_REASONS.map((r) => (
                <label
                  key={r}
                  className={cn(
                    'flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border px-3 py-2 text-sm transition-colors has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-ring',
                    reason === r ? 'border-accent bg-accent-soft/50 font-medium' : 'border-border hover:border-border-strong',
                  )}
                >
                  <input
                    type="radio"
                    {...form.register('reason', { onChange: () => form.clearErrors('reason') })}
                    value={r}
                    className="size-4 accent-[var(--color-accent)]"
                    data-testid={`report-reason-${r}`}
                  />
                  {t(`report.reasons.${r}`)}
                </label>
              ))}
            </div>
            {reasonError ? (
              <p id={`${id}-reason-error`} role="alert" className="text-sm font-medium text-danger">
                {reasonError}
              </p>
            ) : null}
          </fieldset>
          <Field
            id={`${id}-note`}
            label={t('report.noteLabel')}
            hint={t('report.noteCounter', { count: note.trim().length, max: REPORT_NOTE_MAX })}
            error={tooLong ? t('report.noteTooLong', { max: REPORT_NOTE_MAX }) : null}
          >
            <Textarea
              id={`${id}-note`}
              {...form.register('note')}
              rows={3}
              maxLength={REPORT_NOTE_MAX + 100}
              placeholder={t('report.notePlaceholder')}
              aria-invalid={tooLong || undefined}
              aria-describedby={fieldDescribedBy(`${id}-note`, { error: tooLong ? 'x' : null, hint: true })}
              data-testid="report-note"
            />
          </Field>
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => setOpen(false)}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" disabled={pending || tooLong} data-testid="report-submit">
              {pending ? <Loader2 className="size-4 animate-spin motion-reduce:animate-none" aria-hidden="true" /> : null}
              {t('report.submit')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
