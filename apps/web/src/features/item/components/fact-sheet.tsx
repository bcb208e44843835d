import type { ItemFacts } from '@curio/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

/** The facts that link to explore narrowed to them (`/explore?maker=Bandai`). */
const LINKED = ['maker', 'line', 'character'] as const;

/**
 * What the item is, as its owner told it: a definition list of the facts that are set (none: nothing), the
 * condition in words, the edition as "12 of 500"; a maker, line or character links to explore filtered by it.
 */
export function FactSheet({ facts }: { facts: ItemFacts }) {
  const { t } = useTranslation();
  const rows: { key: string; label: string; value: ReactNode }[] = [];
  for (const fact of LINKED) {
    const value = facts[fact];
    if (value)
      rows.push({
        key: fact,
        label: t(`facts.${fact}`),
        value: (
          <Link
            to={paths.explore.getHref({ [fact]: value })}
            // The target reaches into the gap between rows (the rows stay even; a phone gets a wider gap).
            className="relative font-medium break-words text-accent underline-offset-4 before:absolute before:-inset-x-1 before:-inset-y-1.5 before:content-[''] hover:underline sm:before:-inset-y-1"
            data-testid={`fact-${fact}`}
          >
            {value}
          </Link>
        ),
      });
  }
  if (facts.year !== null) rows.push({ key: 'year', label: t('facts.year'), value: <span className="tabular-nums">{facts.year}</span> });
  if (facts.scale) rows.push({ key: 'scale', label: t('facts.scale'), value: facts.scale });
  if (facts.edition)
    rows.push({
      key: 'edition',
      label: t('facts.editionTitle'),
      value: <span className="tabular-nums">{t('facts.edition', { number: facts.edition.number, of: facts.edition.of })}</span>,
    });
  if (facts.condition) rows.push({ key: 'condition', label: t('facts.conditionTitle'), value: t(`facts.condition.${facts.condition}`) });
  if (facts.barcode)
    rows.push({ key: 'barcode', label: t('facts.barcodeLabel'), value: <span className="font-mono text-sm tracking-wide">{facts.barcode}</span> });
  if (!rows.length) return null;

  return (
    <section aria-labelledby="item-facts-title" className="grid gap-3 rounded-xl border border-border bg-surface p-4 shadow-soft" data-testid="item-facts">
      <h2 id="item-facts-title" className="font-semibold">
        {t('facts.sheetTitle')}
      </h2>
      <dl className="grid grid-cols-[minmax(5.5rem,auto)_minmax(0,1fr)] items-baseline gap-x-6 gap-y-3 text-sm sm:gap-y-2">
        {rows.map((row) => (
          <div key={row.key} className="contents" data-testid={`fact-row-${row.key}`}>
            <dt className="text-muted-foreground">{row.label}</dt>
            <dd className="min-w-0 break-words text-foreground">{row.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
