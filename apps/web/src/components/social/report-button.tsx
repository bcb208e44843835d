import { REPORT_NOTE_MAX, REPORT_REASONS, type ReportReason } from '@curio/contract';
import { Flag, Loader2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button, type ButtonProps } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Field, fieldDescribedBy } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { callFunction } from '@/lib/api-client';
import { errorMessageKey } from '@/lib/error-messages';
import { cn } from '@/lib/utils';

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
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const tooLong = note.trim().length > REPORT_NOTE_MAX;

  const reset = () => {
    setReason(null);
    setNote('');
    setReasonError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason) {
      setReasonError(t('report.reasonRequired'));
      return;
    }
    if (tooLong || pending) return;
    setPending(true);
    try {
      const trimmed = note.trim();
      const extra = trimmed ? { note: trimmed } : {};
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
  };

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
                    name={`${id}-reason`}
                    value={r}
                    checked={reason === r}
                    onChange={() => {
                      setReason(r);
                      setReasonError(null);
                    }}
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
              value={note}
              onChange={(e) => setNote(e.target.value)}
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
