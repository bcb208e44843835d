import { amountSchema, CURRENCIES, fieldErrorCode, LEDGER_LIMITS, purchaseDateSchema, type Ledger } from '@curio/contract';
import { Loader2 } from 'lucide-react';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Field, fieldControlProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { isApiError } from '@/lib/api-client';
import { errorMessageKey } from '@/lib/error-messages';
import { errorText, fieldErrorKey, useZodForm, type FormKeys } from '@/lib/form';
import { useUpdateLedger } from '../api/collection';

/** The currencies offered first (the rest follow in code order). */
const COMMON_CURRENCIES = ['CNY', 'USD', 'EUR', 'JPY', 'GBP', 'HKD', 'TWD', 'KRW', 'AUD', 'CAD'];

const issue = (ctx: z.RefinementCtx, path: string, fieldCode: string) =>
  ctx.addIssue({ code: 'custom', path: [path], message: fieldCode, params: { fieldCode } });

/** What the form holds (texts), checked by the contract's rules for an amount and a purchase date. */
const ledgerFormSchema = z
  .object({
    amount: z.string().trim(),
    currency: z.string(),
    purchasedOn: z.string().trim(),
    boughtAt: z.string().trim().max(LEDGER_LIMITS.boughtAt),
    storage: z.string().trim().max(LEDGER_LIMITS.storage),
    notes: z.string().trim().max(LEDGER_LIMITS.notes),
  })
  .superRefine((v, ctx) => {
    if (v.amount && !v.currency) issue(ctx, 'currency', 'required');
    if (!v.amount && v.currency) issue(ctx, 'amount', 'required');
    if (v.amount) {
      const n = Number(
        v.amount
          .replace(/\s/g, '')
          .replace(/,(?=\d{1,2}$)/, '.')
          .replace(/,/g, ''),
      );
      const checked = Number.isNaN(n) ? null : amountSchema.safeParse(n);
      if (!checked) issue(ctx, 'amount', 'invalid_format');
      else if (!checked.success) issue(ctx, 'amount', fieldErrorCode(checked.error.issues[0]!));
    }
    if (v.purchasedOn) {
      const checked = purchaseDateSchema.safeParse(v.purchasedOn);
      if (!checked.success) issue(ctx, 'purchasedOn', fieldErrorCode(checked.error.issues[0]!));
    }
  });
type LedgerFormValues = z.input<typeof ledgerFormSchema>;

const KEYS: FormKeys = {
  amount: {
    required: 'collection.ledger.errors.amountRequired',
    invalid_format: 'collection.ledger.errors.amountFormat',
    invalid_type: 'collection.ledger.errors.amountFormat',
    too_small: 'collection.ledger.errors.amountRange',
    too_big: 'collection.ledger.errors.amountRange',
  },
  currency: { required: 'collection.ledger.errors.currencyRequired', invalid_value: 'collection.ledger.errors.currencyInvalid' },
  purchasedOn: {
    invalid_format: 'collection.ledger.errors.dateFormat',
    too_big: 'collection.ledger.errors.dateFuture',
    too_small: 'collection.ledger.errors.dateFormat',
  },
  boughtAt: { too_long: 'collection.ledger.errors.tooLong' },
  storage: { too_long: 'collection.ledger.errors.tooLong' },
  notes: { too_long: 'collection.ledger.errors.tooLong' },
};
/** The server's field paths on the form's fields. */
const SERVER_FIELDS: Record<string, keyof LedgerFormValues> = {
  'pricePaid.amount': 'amount',
  'pricePaid.currency': 'currency',
  pricePaid: 'amount',
  purchasedOn: 'purchasedOn',
  boughtAt: 'boughtAt',
  storage: 'storage',
  notes: 'notes',
};

const today = () => new Date().toLocaleDateString('sv-SE');

/** The private ledger's fields for one item, saved with items-ledger-update (blank fields clear). */
export function LedgerForm({ itemId, ledger, onDone }: { itemId: string; ledger: Ledger; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const update = useUpdateLedger();
  const form = useZodForm(ledgerFormSchema, {
    keys: KEYS,
    defaultValues: {
      amount: ledger.pricePaid ? (Number.isInteger(ledger.pricePaid.amount) ? String(ledger.pricePaid.amount) : ledger.pricePaid.amount.toFixed(2)) : '',
      currency: ledger.pricePaid?.currency ?? '',
      purchasedOn: ledger.purchasedOn ?? '',
      boughtAt: ledger.boughtAt ?? '',
      storage: ledger.storage ?? '',
      notes: ledger.notes ?? '',
    },
  });
  const currencies = useMemo(() => {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([i18n.language], { type: 'currency' });
    } catch {
      names = null;
    }
    const rest = CURRENCIES.filter((c) => !COMMON_CURRENCIES.includes(c));
    const label = (code: string) => `${code} · ${names?.of(code) ?? code}`;
    return { common: COMMON_CURRENCIES.map((code) => ({ code, label: label(code) })), rest: rest.map((code) => ({ code, label: label(code) })) };
  }, [i18n.language]);

  const maxOf = (name: keyof LedgerFormValues) =>
    name === 'notes' ? LEDGER_LIMITS.notes : name === 'boughtAt' ? LEDGER_LIMITS.boughtAt : LEDGER_LIMITS.storage;
  const err = (name: keyof LedgerFormValues) => errorText(t, form.formState.errors[name], { max: maxOf(name) });

  const onSubmit = form.handleSubmit((v) => {
    const amount = v.amount
      ? Number(
          v.amount
            .replace(/\s/g, '')
            .replace(/,(?=\d{1,2}$)/, '.')
            .replace(/,/g, ''),
        )
      : null;
    update.mutate(
      {
        itemId,
        pricePaid: amount !== null && v.currency ? { amount, currency: v.currency } : null,
        purchasedOn: v.purchasedOn || null,
        boughtAt: v.boughtAt || null,
        storage: v.storage || null,
        notes: v.notes || null,
      },
      {
        onSuccess: () => {
          toast.success(t('collection.ledger.saved'));
          onDone();
        },
        onError: (error) => {
          let any = false;
          if (isApiError(error) && error.fields) {
            for (const [path, code] of Object.entries(error.fields)) {
              const field = SERVER_FIELDS[path];
              if (!field) continue;
              form.setError(field, { type: code, message: fieldErrorKey(field, code, KEYS) });
              any = true;
            }
          }
          if (!any) toast.error(t(errorMessageKey(error)));
        },
      },
    );
  });

  return (
    <form className="grid gap-4" onSubmit={onSubmit} noValidate data-testid="ledger-form">
      <div className="grid grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)] gap-3">
        <Field id={`${id}-amount`} label={t('collection.ledger.price')} error={err('amount')}>
          <Input
            {...form.register('amount')}
            {...fieldControlProps(`${id}-amount`, { error: err('amount') })}
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.00"
            data-testid="ledger-amount"
          />
        </Field>
        <Field id={`${id}-currency`} label={t('collection.ledger.currency')} error={err('currency')}>
          <NativeSelect {...form.register('currency')} {...fieldControlProps(`${id}-currency`, { error: err('currency') })} data-testid="ledger-currency">
            <option value="">{t('collection.ledger.noCurrency')}</option>
            <optgroup label={t('collection.ledger.commonCurrencies')}>
              {currencies.common.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.label}
                </option>
              ))}
            </optgroup>
            <optgroup label={t('collection.ledger.allCurrencies')}>
              {currencies.rest.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.label}
                </option>
              ))}
            </optgroup>
          </NativeSelect>
        </Field>
      </div>
      <Field id={`${id}-date`} label={t('collection.ledger.purchasedOn')} error={err('purchasedOn')}>
        <Input
          type="date"
          max={today()}
          {...form.register('purchasedOn')}
          {...fieldControlProps(`${id}-date`, { error: err('purchasedOn') })}
          data-testid="ledger-date"
        />
      </Field>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id={`${id}-bought`} label={t('collection.ledger.boughtAt')} error={err('boughtAt')}>
          <Input
            {...form.register('boughtAt')}
            maxLength={LEDGER_LIMITS.boughtAt + 20}
            {...fieldControlProps(`${id}-bought`, { error: err('boughtAt') })}
            autoComplete="off"
            data-testid="ledger-bought-at"
          />
        </Field>
        <Field id={`${id}-storage`} label={t('collection.ledger.storage')} error={err('storage')}>
          <Input
            {...form.register('storage')}
            maxLength={LEDGER_LIMITS.storage + 20}
            {...fieldControlProps(`${id}-storage`, { error: err('storage') })}
            autoComplete="off"
            data-testid="ledger-storage"
          />
        </Field>
      </div>
      <Field id={`${id}-notes`} label={t('collection.ledger.notes')} error={err('notes')}>
        <Textarea
          {...form.register('notes')}
          rows={3}
          maxLength={LEDGER_LIMITS.notes + 20}
          {...fieldControlProps(`${id}-notes`, { error: err('notes') })}
          data-testid="ledger-notes"
        />
      </Field>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onDone}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" disabled={update.isPending} data-testid="ledger-save">
          {update.isPending ? <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" /> : null}
          {t('collection.ledger.save')}
        </Button>
      </div>
    </form>
  );
}
