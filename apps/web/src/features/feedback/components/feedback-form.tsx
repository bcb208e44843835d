import { feedbackSubmitInputSchema } from '@curio/contract';
import { CheckCircle2, Send } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Field, fieldDescribedBy } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { errorMessageKey } from '@/lib/error-messages';
import { errorText, setServerErrors, useZodForm, type FormKeys } from '@/lib/form';
import { cn } from '@/lib/utils';
import { useSubmitFeedback } from '../api/submit-feedback';

export const FEEDBACK_CATEGORIES = ['bug', 'idea', 'abuse', 'other'] as const;
export const FEEDBACK_MAX = 1000;
/** After a success the page goes back after this long (spec: 1.5 s). */
export const FEEDBACK_BACK_AFTER_MS = 1500;

/** The contract's feedback rules (the select starts on none: ''); the page it came from is added when sent. */
const feedbackFormSchema = feedbackSubmitInputSchema
  .pick({ message: true, email: true })
  .extend({ category: z.string().pipe(feedbackSubmitInputSchema.shape.category) });
const KEYS: FormKeys = {
  category: { required: 'errors.required', invalid_value: 'errors.required', invalid_type: 'errors.required' },
  message: { required: 'errors.required', invalid_type: 'errors.required', too_long: 'feedback.tooLong' },
  email: { invalid_format: 'feedback.emailInvalid', too_long: 'feedback.emailInvalid' },
};

/** Where the person came from: the page they were on before /feedback (a path of this site), if any. */
function fromPath(state: unknown): string | null {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') ? from : null;
}

export function FeedbackForm() {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const location = useLocation();
  const { user } = useAuth();
  const submit = useSubmitFeedback();
  // The first field that fails takes the focus, in the order of the form.
  const form = useZodForm(feedbackFormSchema, {
    keys: KEYS,
    defaultValues: { category: '', message: '', email: '' },
    shouldFocusError: true,
  });
  const [sent, setSent] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const from =
    fromPath(location.state) ??
    (typeof document !== 'undefined' && document.referrer.startsWith(window.location.origin) ? new URL(document.referrer).pathname : null);

  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  const onSubmit = form.handleSubmit((input) => {
    submit.mutate(
      { ...input, path: from },
      {
        onSuccess: () => {
          setSent(true);
          timer.current = setTimeout(() => {
            // Back: within the app, or to the page of this site that linked here; otherwise home.
            if ((window.history.state as { idx?: number } | null)?.idx) void navigate(-1);
            else if (from && window.history.length > 1) window.history.back();
            else void navigate(paths.home.getHref(), { replace: true });
          }, FEEDBACK_BACK_AFTER_MS);
        },
        onError: (error) => {
          if (isApiError(error) && error.code === 'rate_limited') {
            toast.error(t('errors.rateLimited'));
            return;
          }
          setServerErrors(error, form.setError, KEYS, ['category', 'message', 'email']);
          toast.error(t(errorMessageKey(error)));
        },
      },
    );
  });

  if (sent) {
    return (
      <div role="status" className="grid justify-items-center gap-3 py-10 text-center" data-testid="feedback-success">
        <CheckCircle2 className="size-12 text-accent" aria-hidden="true" />
        <h2 className="font-display text-2xl font-semibold tracking-tight">{t('feedback.successTitle')}</h2>
        <p className="text-muted-foreground">{t('feedback.successText')}</p>
      </div>
    );
  }

  const f = (name: string) => `${id}-${name}`;
  const count = form.watch('message').trim().length;
  const { errors: fieldErrors } = form.formState;
  const errors = {
    category: errorText(t, fieldErrors.category),
    message: errorText(t, fieldErrors.message, { max: FEEDBACK_MAX }),
    email: errorText(t, fieldErrors.email),
  };
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5" data-testid="feedback-form">
      <Field id={f('category')} label={t('feedback.category')} error={errors.category}>
        <NativeSelect
          id={f('category')}
          {...form.register('category')}
          required
          aria-invalid={!!errors.category || undefined}
          aria-describedby={fieldDescribedBy(f('category'), { error: errors.category })}
        >
          <option value="" disabled>
            {t('feedback.chooseCategory')}
          </option>
          {FEEDBACK_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {t(`feedback.categories.${c}`)}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field id={f('message')} label={t('feedback.message')} error={errors.message}>
        <Textarea
          id={f('message')}
          rows={6}
          required
          maxLength={FEEDBACK_MAX + 100}
          placeholder={t('feedback.messagePlaceholder')}
          {...form.register('message')}
          aria-invalid={!!errors.message || undefined}
          aria-describedby={[fieldDescribedBy(f('message'), { error: errors.message }), `${f('message')}-count`].filter(Boolean).join(' ')}
        />
        <p
          id={`${f('message')}-count`}
          className={cn('justify-self-end text-sm tabular-nums', count > FEEDBACK_MAX ? 'font-semibold text-danger' : 'text-muted-foreground')}
          data-testid="feedback-counter"
        >
          {t('feedback.counter', { count, max: FEEDBACK_MAX })}
        </p>
      </Field>
      <Field id={f('email')} label={t('feedback.email')} hint={t('feedback.emailHint')} error={errors.email}>
        <Input
          id={f('email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder={user?.email ?? 'you@example.com'}
          {...form.register('email')}
          aria-invalid={!!errors.email || undefined}
          aria-describedby={fieldDescribedBy(f('email'), { error: errors.email, hint: true })}
        />
      </Field>
      <div>
        <Button type="submit" size="lg" disabled={submit.isPending} data-testid="feedback-submit">
          <Send aria-hidden="true" />
          {submit.isPending ? t('feedback.sending') : t('feedback.send')}
        </Button>
      </div>
    </form>
  );
}
