import { DM_MAX, dmSendInputSchema } from '@curio/contract';
import { SendHorizontal } from 'lucide-react';
import { useId, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { useZodForm } from '@/lib/form';
import { cn } from '@/lib/utils';

/** The message's rule of the contract (the thread is the conversation's own). */
const messageFormSchema = dmSendInputSchema.pick({ text: true });

/** The counter appears from this share of the limit on (it is always there for screen readers). */
export const COUNTER_FROM = Math.floor(DM_MAX * 0.8);

/**
 * The message box pinned under a conversation: Enter sends, Shift+Enter starts a new line; the
 * current/1000 counter shows near the limit and turns red above it; Send is disabled when blank,
 * over the limit or sending. `onSend` resolves true when the message went out (the box empties).
 */
export function MessageComposer({ onSend, sending, error }: { onSend: (text: string) => Promise<boolean>; sending: boolean; error?: string | null }) {
  const { t } = useTranslation();
  const id = useId();
  const form = useZodForm(messageFormSchema, { defaultValues: { text: '' } });
  const text = form.watch('text');
  const length = text.length;
  const over = length > DM_MAX;
  // Blank or over the limit: the contract's rule says no before anything is sent.
  const canSend = !over && messageFormSchema.safeParse({ text }).success && !sending;
  const counterVisible = length >= COUNTER_FROM;

  // Checked at once (canSend), not through the form's asynchronous check: Enter sends in the same tick.
  const send = async () => {
    if (!canSend) return;
    const sent = text;
    // Emptied once the message went out, unless something new was typed meanwhile: that stays.
    if ((await onSend(sent)) && form.getValues('text') === sent) form.reset({ text: '' });
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void send();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };
  const shownError = over ? t('messages.tooLong', { max: DM_MAX }) : (error ?? null);

  return (
    <form onSubmit={onSubmit} className="grid gap-1.5 border-t border-border bg-surface p-3" data-testid="message-form" data-toast-clear noValidate>
      <label htmlFor={`${id}-text`} className="sr-only">
        {t('messages.composerLabel')}
      </label>
      <div className="flex items-end gap-2">
        <Textarea
          id={`${id}-text`}
          {...form.register('text')}
          rows={1}
          onKeyDown={onKeyDown}
          placeholder={t('messages.placeholder')}
          aria-invalid={over}
          aria-describedby={shownError ? `${id}-error ${id}-counter` : `${id}-counter`}
          className="max-h-40 min-h-11 flex-1 resize-none py-2.5 [field-sizing:content]"
          data-testid="message-input"
        />
        <Button type="submit" size="icon" disabled={!canSend} aria-label={t('messages.send')} title={t('messages.send')} data-testid="message-send">
          <SendHorizontal className="size-5" aria-hidden="true" />
        </Button>
      </div>
      {shownError || counterVisible ? (
        <div className="flex flex-wrap items-center justify-between gap-x-3 text-sm">
          {shownError ? (
            <p id={`${id}-error`} role="alert" className="font-medium text-danger" data-testid="message-error">
              {shownError}
            </p>
          ) : (
            <span />
          )}
          <p id={`${id}-counter`} className={cn('tabular-nums', over ? 'font-medium text-danger' : 'text-muted-foreground')} data-testid="message-counter">
            {t('messages.counter', { count: length, max: DM_MAX })}
          </p>
        </div>
      ) : (
        <p id={`${id}-counter`} className="sr-only" data-testid="message-counter">
          {t('messages.counter', { count: length, max: DM_MAX })}
        </p>
      )}
    </form>
  );
}
