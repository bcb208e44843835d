import { CheckCircle2, Copy, FileWarning, Send } from 'lucide-react';
import { useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button, buttonVariants } from '@/components/ui/button';
import { Field, fieldDescribedBy } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { OptionalMark } from '@/components/ui/optional-mark';
import { Textarea } from '@/components/ui/textarea';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { errorMessageKey } from '@/lib/error-messages';
import { errorText, setServerErrors, useZodForm } from '@/lib/form';
import { cn } from '@/lib/utils';
import { useSubmitDmca } from '../api/submit-dmca';
import {
  DMCA_FIELD_LIMITS,
  DMCA_FORM_KEYS,
  dmcaFormSchema,
  EMPTY_DMCA_FORM,
  itemIdFromUrl,
  toDmcaInput,
  type DmcaField,
  type DmcaFormValues,
} from '../utils/dmca-form';

/** The order errors are focused in (the first wrong field gets the focus; the statements' error is on goodFaith). */
const FIELD_ORDER: DmcaField[] = [
  'claimantName',
  'claimantEmail',
  'claimantAddress',
  'claimantPhone',
  'workDescription',
  'originalUrls',
  'infringingItemUrl',
  'infringingUrls',
  'goodFaith',
  'signature',
];

function Section({ id, title, text, children }: { id: string; title: string; text?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="grid gap-5 rounded-xl border border-border bg-surface p-5 shadow-soft sm:p-6">
      <div className="grid gap-1">
        <h2 id={id} className="font-display text-xl font-semibold tracking-tight">
          {title}
        </h2>
        {text ? <p className="text-sm text-muted-foreground">{text}</p> : null}
      </div>
      {children}
    </section>
  );
}

/** The public DMCA notice form (spec part 2 §2, §3, §5, §8); on success it shows the reference to quote. */
export function DmcaForm({ initialItem }: { initialItem?: string | null }) {
  const { t } = useTranslation();
  const uid = useId();
  const idOf = (field: string) => `${uid}-${field}`;
  const [initialValues] = useState(() => ({
    ...EMPTY_DMCA_FORM,
    infringingItemUrl: initialItem && itemIdFromUrl(initialItem) ? `${window.location.origin}/i/${itemIdFromUrl(initialItem)}` : '',
  }));
  const form = useZodForm(dmcaFormSchema, { keys: DMCA_FORM_KEYS, defaultValues: initialValues });
  const { errors } = form.formState;
  const [failure, setFailure] = useState<string | null>(null);
  const [reference, setReference] = useState<string | null>(null);
  const [sentFrom, setSentFrom] = useState('');
  const formRef = useRef<HTMLFormElement>(null);
  const submit = useSubmitDmca();

  // An error goes once the field is edited (the statements' with either box, the copies' with the item
  // address); the rest stay until the next try.
  const register = (field: DmcaField) =>
    form.register(field, {
      onChange: () => {
        const also: DmcaField | null = field === 'perjury' ? 'goodFaith' : field === 'infringingItemUrl' ? 'infringingUrls' : null;
        form.clearErrors(also ? [field, also] : field);
      },
    });

  const focusFirst = () => {
    const first = FIELD_ORDER.find((f) => form.getFieldState(f).error);
    if (!first) return;
    formRef.current?.querySelector<HTMLElement>(`#${CSS.escape(idOf(first))}`)?.focus();
  };

  const onSubmit = form.handleSubmit(
    () => {
      // Every field starts from EMPTY_DMCA_FORM, so each one is there (the schema's input type allows less).
      const values = form.getValues() as DmcaFormValues;
      submit.mutate(toDmcaInput(values), {
        onSuccess: (result) => {
          setSentFrom(values.claimantEmail.trim());
          setReference(result.id);
          window.scrollTo({ top: 0 });
        },
        onError: (error) => {
          if (isApiError(error) && error.code === 'validation_failed' && setServerErrors(error, form.setError, DMCA_FORM_KEYS, FIELD_ORDER)) {
            focusFirst();
            return;
          }
          const key = errorMessageKey(error);
          setFailure(key === 'common.error' || (isApiError(error) && error.code === 'validation_failed') ? t('dmca.failed') : t(key));
        },
      });
    },
    () => focusFirst(),
  );

  if (reference)
    return (
      <DmcaSuccess
        reference={reference}
        email={sentFrom}
        onAnother={() => {
          setReference(null);
          form.reset(EMPTY_DMCA_FORM);
          submit.reset();
        }}
      />
    );

  const text = (
    field: Exclude<DmcaField, 'goodFaith' | 'perjury'>,
    opts: { label: string; hint?: string; required?: boolean; type?: string; autoComplete?: string; multiline?: boolean; rows?: number; placeholder?: string },
  ) => {
    const id = idOf(field);
    const error = errorText(t, errors[field]);
    const common = {
      id,
      ...register(field),
      'aria-invalid': error ? true : undefined,
      'aria-describedby': fieldDescribedBy(id, { error, hint: !!opts.hint }),
      'aria-required': opts.required ? true : undefined,
      placeholder: opts.placeholder,
      'data-testid': `dmca-${field}`,
    } as const;
    const max = (DMCA_FIELD_LIMITS as Record<string, number>)[field];
    return (
      <Field
        id={id}
        label={
          <>
            {opts.label}
            {opts.required ? null : <OptionalMark text={t('dmca.optional')} />}
          </>
        }
        hint={opts.hint}
        error={error}
      >
        {opts.multiline ? (
          <Textarea {...common} rows={opts.rows ?? 3} maxLength={max} />
        ) : (
          <Input {...common} type={opts.type ?? 'text'} autoComplete={opts.autoComplete} maxLength={max} />
        )}
      </Field>
    );
  };

  const confirmError = errorText(t, errors.goodFaith);
  const checked = form.watch(['goodFaith', 'perjury']);
  const check = (field: 'goodFaith' | 'perjury', label: string) => (
    <label className="flex min-h-11 cursor-pointer items-start gap-3 text-sm leading-relaxed">
      <input
        id={idOf(field)}
        type="checkbox"
        {...register(field)}
        aria-invalid={confirmError && !checked[field === 'goodFaith' ? 0 : 1] ? true : undefined}
        aria-describedby={confirmError ? idOf('confirmations-error') : undefined}
        className="mt-0.5 size-5 shrink-0 cursor-pointer accent-accent focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring"
        data-testid={`dmca-${field}`}
      />
      <span>
        {label} <span className="sr-only">{t('dmca.required')}</span>
      </span>
    </label>
  );

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(event) => {
        setFailure(null);
        void onSubmit(event);
      }}
      className="grid gap-6"
      data-testid="dmca-form"
    >
      <p className="text-sm text-muted-foreground">{t('dmca.requiredNote')}</p>
      <Section id={idOf('about')} title={t('dmca.sections.about')} text={t('dmca.sections.aboutText')}>
        <div className="grid items-start gap-5 sm:grid-cols-2">
          {text('claimantName', { label: t('dmca.fields.claimantName'), required: true, autoComplete: 'name' })}
          {text('claimantEmail', {
            label: t('dmca.fields.claimantEmail'),
            required: true,
            type: 'email',
            autoComplete: 'email',
            hint: t('dmca.hints.claimantEmail'),
          })}
          {text('claimantAddress', { label: t('dmca.fields.claimantAddress'), autoComplete: 'street-address', multiline: true, rows: 2 })}
          {text('claimantPhone', { label: t('dmca.fields.claimantPhone'), type: 'tel', autoComplete: 'tel' })}
        </div>
      </Section>
      <Section id={idOf('work')} title={t('dmca.sections.work')} text={t('dmca.sections.workText')}>
        {text('workDescription', { label: t('dmca.fields.workDescription'), required: true, multiline: true, rows: 4, hint: t('dmca.hints.workDescription') })}
        {text('originalUrls', { label: t('dmca.fields.originalUrls'), multiline: true, rows: 3, hint: t('dmca.hints.urlList'), placeholder: 'https://' })}
      </Section>
      <Section id={idOf('copies')} title={t('dmca.sections.copies')} text={t('dmca.sections.copiesText')}>
        {text('infringingItemUrl', {
          label: t('dmca.fields.infringingItemUrl'),
          type: 'url',
          hint: t('dmca.hints.infringingItemUrl'),
          placeholder: `${window.location.origin}/i/…`,
        })}
        {text('infringingUrls', {
          label: t('dmca.fields.infringingUrls'),
          multiline: true,
          rows: 3,
          hint: t('dmca.hints.infringingUrls'),
          placeholder: 'https://',
        })}
      </Section>
      <Section id={idOf('statements')} title={t('dmca.sections.statements')} text={t('dmca.sections.statementsText')}>
        <fieldset className="grid gap-2" aria-describedby={confirmError ? idOf('confirmations-error') : undefined}>
          <legend className="sr-only">{t('dmca.sections.statements')}</legend>
          {check('goodFaith', t('dmca.fields.goodFaith'))}
          {check('perjury', t('dmca.fields.perjury'))}
          {confirmError ? (
            <p id={idOf('confirmations-error')} role="alert" className="text-sm font-medium text-danger" data-testid="dmca-confirmations-error">
              {confirmError}
            </p>
          ) : null}
        </fieldset>
        {text('signature', { label: t('dmca.fields.signature'), required: true, autoComplete: 'name', hint: t('dmca.hints.signature') })}
      </Section>
      {failure ? (
        <p role="alert" className="flex items-start gap-2 rounded-lg bg-danger-bg p-3 text-sm font-medium text-danger-fg" data-testid="dmca-failure">
          <FileWarning className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {failure}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" size="lg" disabled={submit.isPending} data-testid="dmca-submit">
          <Send aria-hidden="true" />
          {submit.isPending ? t('dmca.submitting') : t('dmca.submit')}
        </Button>
        <p className="text-sm text-muted-foreground">{t('dmca.submitNote')}</p>
      </div>
    </form>
  );
}

function DmcaSuccess({ reference, email, onAnother }: { reference: string; email: string; onAnother: () => void }) {
  const { t } = useTranslation();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(reference);
      toast.success(t('dmca.copied'));
    } catch {
      toast.error(t('common.error'));
    }
  };
  return (
    <section
      role="status"
      aria-labelledby="dmca-success-title"
      className="grid justify-items-center gap-5 rounded-xl border border-border bg-surface p-6 text-center shadow-soft sm:p-10"
      data-testid="dmca-success"
    >
      <span className="inline-flex size-16 items-center justify-center rounded-full bg-accent-soft text-accent-soft-foreground">
        <CheckCircle2 className="size-8" aria-hidden="true" />
      </span>
      <h2 id="dmca-success-title" className="font-display text-2xl font-semibold tracking-tight">
        {t('dmca.successTitle')}
      </h2>
      <div className="grid gap-2">
        <p className="text-sm text-muted-foreground">{t('dmca.referenceLabel')}</p>
        <p className="flex flex-wrap items-center justify-center gap-2">
          <code className="rounded-lg bg-surface-sunken px-4 py-2 font-mono text-2xl font-semibold tracking-wider" data-testid="dmca-reference">
            {reference}
          </code>
          <Button variant="ghost" size="icon" onClick={copy} aria-label={t('dmca.copyReference')}>
            <Copy aria-hidden="true" />
          </Button>
        </p>
      </div>
      <p className="max-w-prose text-muted-foreground">{t('dmca.successText', { email })}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to={paths.home.getHref()} className={cn(buttonVariants({ variant: 'primary' }))}>
          {t('dmca.backHome')}
        </Link>
        <Button variant="secondary" onClick={onAnother}>
          {t('dmca.fileAnother')}
        </Button>
      </div>
    </section>
  );
}
