import { CheckCircle2, Send } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Field, fieldDescribedBy } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { errorMessageKey } from '@/lib/error-messages';
import { cn } from '@/lib/utils';
import { useSubmitFeedback } from '../api/submit-feedback';

export const FEEDBACK_CATEGORIES = ['bug', 'idea', 'abuse', 'other'] as const;
export const FEEDBACK_MAX = 1000;
/** After a success the page goes back after this long (spec: 1.5 s). */
export const FEEDBACK_BACK_AFTER_MS = 1500;

type Errors = Partial<Record<'category' | 'message' | 'email', string>>;

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
  const [category, setCategory] = useState('');
  const [message, setMessage] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [sent, setSent] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const from =
    fromPath(location.state) ??
    (typeof document !== 'undefined' && document.referrer.startsWith(window.location.origin) ? new URL(document.referrer).pathname : null);

  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const next: Errors = {};
    const trimmed = message.trim();
    if (!category) next.category = t('errors.required');
    if (!trimmed) next.message = t('errors.required');
    else if (trimmed.length > FEEDBACK_MAX) next.message = t('feedback.tooLong', { max: FEEDBACK_MAX });
    if (email.trim() && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) next.email = t('feedback.emailInvalid');
    setErrors(next);
    if (Object.keys(next).length) {
      const first = next.category ? 'category' : next.message ? 'message' : 'email';
      document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    submit.mutate(
      { category: category as (typeof FEEDBACK_CATEGORIES)[number], message: trimmed, email: email.trim() || null, path: from },
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
          if (isApiError(error) && error.code === 'validation_failed' && error.fields) {
            const mapped: Errors = {};
            for (const key of ['category', 'message', 'email'] as const)
              if (error.fields[key]) mapped[key] = key === 'email' ? t('feedback.emailInvalid') : t('errors.required');
            setErrors(mapped);
          }
          toast.error(t(errorMessageKey(error)));
        },
      },
    );
  };

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
  const count = message.trim().length;
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5" data-testid="feedback-form">
      <Field id={f('category')} label={t('feedback.category')} error={errors.category}>
        <NativeSelect
          id={f('category')}
          value={category}
          required
          aria-invalid={!!errors.category || undefined}
          aria-describedby={fieldDescribedBy(f('category'), { error: errors.category })}
          onChange={(e) => setCategory(e.target.value)}
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
          value={message}
          aria-invalid={!!errors.message || undefined}
          aria-describedby={[fieldDescribedBy(f('message'), { error: errors.message }), `${f('message')}-count`].filter(Boolean).join(' ')}
          onChange={(e) => setMessage(e.target.value)}
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
          value={email}
          aria-invalid={!!errors.email || undefined}
          aria-describedby={fieldDescribedBy(f('email'), { error: errors.email, hint: true })}
          onChange={(e) => setEmail(e.target.value)}
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
