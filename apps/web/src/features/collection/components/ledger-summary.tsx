import type { Ledger } from '@curio/contract';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../utils/collection';

/** A ledger's filled-in fields as a description list (nothing for an empty one). */
export function LedgerSummary({ ledger }: { ledger: Ledger }) {
  const { t, i18n } = useTranslation();
  const rows: [string, string][] = [];
  if (ledger.pricePaid) rows.push([t('collection.ledger.pricePaid'), formatMoney(ledger.pricePaid.amount, ledger.pricePaid.currency, i18n.language)]);
  if (ledger.purchasedOn) rows.push([t('collection.ledger.purchasedOn'), formatDate(ledger.purchasedOn, i18n.language)]);
  if (ledger.boughtAt) rows.push([t('collection.ledger.boughtAt'), ledger.boughtAt]);
  if (ledger.storage) rows.push([t('collection.ledger.storage'), ledger.storage]);
  if (ledger.notes) rows.push([t('collection.ledger.notes'), ledger.notes]);
  if (!rows.length) return <p className="text-sm text-muted-foreground">{t('collection.ledger.empty')}</p>;
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm" data-testid="ledger-summary">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="break-words whitespace-pre-wrap">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A purchase date (YYYY-MM-DD, a calendar day) in the reader's language, read as that day wherever they are. */
export function formatDate(day: string, lng: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Intl.DateTimeFormat(lng, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(Date.UTC(y!, m! - 1, d!)));
}
