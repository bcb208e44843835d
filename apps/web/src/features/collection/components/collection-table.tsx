import type { CollectionItem } from '@curio/contract';
import { ArrowDown, ArrowUp, ArrowUpDown, ImageOff, NotebookTabs, Search } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { imageUrl } from '@/lib/image-url';
import { cn } from '@/lib/utils';
import { collectionTotals, filterItems, formatMoney, sortItems, type CurrencyTotals, type GroupTotal, type SortDir, type SortKey } from '../utils/collection';
import { LedgerForm } from './ledger-form';
import { formatDate } from './ledger-summary';

/** The facts other than maker and year, as one line ("Nendoroid · Miku · 1/7 · 12/500 · Mint in box"). */
function useFactsLine() {
  const { t } = useTranslation();
  return (item: CollectionItem) =>
    [
      item.facts.line,
      item.facts.character,
      item.facts.scale,
      item.facts.edition ? `${item.facts.edition.number}/${item.facts.edition.of}` : null,
      item.facts.condition ? t(`collection.conditions.${item.facts.condition}`) : null,
    ]
      .filter(Boolean)
      .join(' · ');
}

function Thumb({ item, size }: { item: CollectionItem; size: number }) {
  return (
    <span className="grid shrink-0 place-items-center overflow-hidden rounded-md border border-border bg-surface-sunken" style={{ width: size, height: size }}>
      {item.imageId ? (
        // Eager: a printed inventory shows every picture.
        <img src={imageUrl(item.imageId, 'thumb')} alt="" width={size} height={size} className="size-full object-cover" />
      ) : (
        <ImageOff className="size-5 text-muted-foreground" aria-hidden="true" />
      )}
    </span>
  );
}

function TitleCell({ item }: { item: CollectionItem }) {
  const { t } = useTranslation();
  return (
    <span className="grid min-w-0 gap-0.5">
      {item.unfinished ? (
        <span className="font-medium break-words">{item.title}</span>
      ) : (
        <Link to={paths.item.getHref(item.id)} className="font-medium break-words underline-offset-4 hover:text-accent hover:underline">
          {item.title}
        </Link>
      )}
      {item.unfinished ? (
        <span className="w-fit rounded-full bg-surface-sunken px-2 py-0.5 text-xs font-medium text-muted-foreground">{t('collection.unfinished')}</span>
      ) : null}
    </span>
  );
}

function Money({ totals }: { totals: CurrencyTotals }) {
  const { t, i18n } = useTranslation();
  if (!totals.length) return <span className="text-muted-foreground">{t('collection.noPrice')}</span>;
  return (
    <span className="grid justify-items-end gap-0.5 tabular-nums">
      {totals.map((m) => (
        <span key={m.currency}>{formatMoney(m.amount, m.currency, i18n.language)}</span>
      ))}
    </span>
  );
}

function SortHeader({
  label,
  sortKey,
  sort,
  onSort,
  className,
}: {
  label: string;
  sortKey: SortKey;
  sort: { key: SortKey; dir: SortDir };
  onSort: (key: SortKey) => void;
  className?: string;
}) {
  const active = sort.key === sortKey;
  const Icon = !active ? ArrowUpDown : sort.dir === 'asc' ? ArrowUp : ArrowDown;
  return (
    <th scope="col" aria-sort={active ? (sort.dir === 'asc' ? 'ascending' : 'descending') : 'none'} className={cn('px-3 py-2 font-medium', className)}>
      <button
        type="button"
        onClick={() => onSort(sortKey)}
        className="inline-flex min-h-9 items-center gap-1 rounded-md whitespace-nowrap hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none print:min-h-0"
        data-testid={`sort-${sortKey}`}
      >
        {label}
        <Icon className={cn('size-3.5 print:hidden', active ? 'text-foreground' : 'text-muted-foreground/70')} aria-hidden="true" />
      </button>
    </th>
  );
}

function GroupTable({ title, groups, noneLabel, testId }: { title: string; groups: GroupTotal[]; noneLabel: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <section
      className="grid content-start gap-2 rounded-xl border border-border bg-surface p-4 print:break-inside-avoid print:border-neutral-300"
      data-testid={testId}
    >
      <h3 className="font-semibold">{title}</h3>
      <table className="w-full text-sm">
        <thead className="sr-only">
          <tr>
            <th scope="col">{title}</th>
            <th scope="col">{t('collection.totals.items')}</th>
            <th scope="col">{t('collection.totals.spent')}</th>
          </tr>
        </thead>
        <tbody>
          {groups.map((g) => (
            <tr key={g.key ?? ''} className="border-t border-border first:border-0">
              <th scope="row" className={cn('py-1.5 pr-2 text-left font-normal break-words', g.key === null && 'text-muted-foreground italic')}>
                {g.key ?? noneLabel}
              </th>
              <td className="px-2 py-1.5 text-right text-muted-foreground tabular-nums">{t('collection.totals.count', { count: g.count })}</td>
              <td className="py-1.5 pl-2 text-right">
                <Money totals={g.totals} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** The collection: a text filter, a sortable table (cards on a phone) and the totals; it prints as an inventory. */
export function CollectionTable({ items }: { items: CollectionItem[] }) {
  const { t, i18n } = useTranslation();
  const factsLine = useFactsLine();
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<{ key: SortKey; dir: SortDir }>({ key: 'title', dir: 'asc' });
  const [editing, setEditing] = useState<CollectionItem | null>(null);
  const shown = useMemo(() => sortItems(filterItems(items, query), sort.key, sort.dir), [items, query, sort]);
  const totals = useMemo(() => collectionTotals(shown), [shown]);
  const onSort = (key: SortKey) => setSort((s) => (s.key === key ? { key, dir: s.dir === 'asc' ? 'desc' : 'asc' } : { key, dir: 'asc' }));
  const price = (item: CollectionItem) =>
    item.ledger.pricePaid ? formatMoney(item.ledger.pricePaid.amount, item.ledger.pricePaid.currency, i18n.language) : null;
  const date = (item: CollectionItem) => (item.ledger.purchasedOn ? formatDate(item.ledger.purchasedOn, i18n.language) : null);
  const editButton = (item: CollectionItem) => (
    <Button variant="ghost" size="sm" onClick={() => setEditing(item)} data-testid="collection-edit" className="print:hidden">
      <NotebookTabs aria-hidden="true" />
      <span className="max-lg:sr-only">{t('collection.ledger.edit')}</span>
      <span className="sr-only"> {t('collection.editLedgerOf', { title: item.title })}</span>
    </Button>
  );

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center gap-3 print:hidden">
        <label className="relative w-full sm:max-w-sm">
          <span className="sr-only">{t('collection.filterLabel')}</span>
          <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
          <Input
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder={t('collection.filterPlaceholder')}
            className="pl-9"
            data-testid="collection-filter"
          />
        </label>
        <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="collection-count">
          {query ? t('collection.shownOf', { shown: shown.length, count: items.length }) : t('collection.count', { count: items.length })}
        </p>
        {/* Sorting for the cards (the table's headers sort on larger screens). */}
        <label className="flex items-center gap-2 text-sm sm:hidden">
          <span className="text-muted-foreground">{t('collection.sortBy')}</span>
          <select
            value={`${sort.key}:${sort.dir}`}
            onChange={(e) => {
              const [key, dir] = e.target.value.split(':') as [SortKey, SortDir];
              setSort({ key, dir });
            }}
            className="min-h-11 rounded-md border border-border bg-surface px-2"
            data-testid="collection-sort"
          >
            {(['title', 'maker', 'year', 'price', 'purchasedOn'] as const).flatMap((key) =>
              (['asc', 'desc'] as const).map((dir) => (
                <option key={`${key}:${dir}`} value={`${key}:${dir}`}>
                  {t(`collection.columns.${key}`)} {dir === 'asc' ? '↑' : '↓'}
                </option>
              )),
            )}
          </select>
        </label>
      </div>

      {shown.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border-strong p-6 text-center text-muted-foreground" data-testid="collection-none">
          {items.length ? t('collection.noMatch') : t('collection.empty')}
        </p>
      ) : (
        <>
          {/* Phone: one card per item. */}
          <ul className="grid gap-3 sm:hidden print:hidden" data-testid="collection-cards">
            {shown.map((item) => (
              <li key={item.id} className="grid gap-3 rounded-xl border border-border bg-surface p-3 shadow-soft">
                <div className="flex gap-3">
                  <Thumb item={item} size={64} />
                  <div className="grid min-w-0 flex-1 content-start gap-1">
                    <TitleCell item={item} />
                    <p className="text-sm text-muted-foreground">{[item.facts.maker, item.facts.year, factsLine(item)].filter(Boolean).join(' · ') || '—'}</p>
                  </div>
                  {editButton(item)}
                </div>
                {price(item) || date(item) || item.ledger.storage ? (
                  <dl className="grid grid-cols-3 gap-2 border-t border-border pt-2 text-sm">
                    <div>
                      <dt className="text-xs text-muted-foreground">{t('collection.columns.price')}</dt>
                      <dd className="tabular-nums">{price(item) ?? '—'}</dd>
                    </div>
                    <div>
                      <dt className="text-xs text-muted-foreground">{t('collection.columns.purchasedOn')}</dt>
                      <dd>{date(item) ?? '—'}</dd>
                    </div>
                    <div className="min-w-0">
                      <dt className="text-xs text-muted-foreground">{t('collection.ledger.storage')}</dt>
                      <dd className="break-words">{item.ledger.storage ?? '—'}</dd>
                    </div>
                  </dl>
                ) : null}
              </li>
            ))}
          </ul>

          {/* Larger screens and print: the table (it scrolls sideways inside its frame when narrow). */}
          <div
            className="overflow-x-auto rounded-xl border border-border bg-surface shadow-soft max-sm:hidden print:block print:overflow-visible print:border-0 print:shadow-none"
            tabIndex={0}
            role="region"
            aria-label={t('collection.tableLabel')}
          >
            <table className="w-full min-w-[56rem] border-collapse text-sm print:min-w-0 print:text-[10pt]" data-testid="collection-table">
              <thead className="border-b border-border bg-surface-sunken text-left text-muted-foreground print:bg-transparent">
                <tr>
                  <th scope="col" className="w-16 px-3 py-2 font-medium">
                    <span className="sr-only">{t('collection.columns.picture')}</span>
                  </th>
                  <SortHeader label={t('collection.columns.title')} sortKey="title" sort={sort} onSort={onSort} />
                  <SortHeader label={t('collection.columns.maker')} sortKey="maker" sort={sort} onSort={onSort} />
                  <th scope="col" className="px-3 py-2 font-medium">
                    {t('collection.columns.facts')}
                  </th>
                  <SortHeader label={t('collection.columns.year')} sortKey="year" sort={sort} onSort={onSort} />
                  <SortHeader label={t('collection.columns.price')} sortKey="price" sort={sort} onSort={onSort} className="text-right" />
                  <SortHeader label={t('collection.columns.purchasedOn')} sortKey="purchasedOn" sort={sort} onSort={onSort} />
                  <th scope="col" className="px-3 py-2 font-medium">
                    {t('collection.columns.where')}
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium print:hidden">
                    <span className="sr-only">{t('collection.columns.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {shown.map((item) => (
                  <tr key={item.id} className="border-b border-border align-top last:border-0 print:break-inside-avoid" data-testid="collection-row">
                    <td className="px-3 py-2">
                      <Thumb item={item} size={48} />
                    </td>
                    <td className="max-w-64 px-3 py-2">
                      <TitleCell item={item} />
                    </td>
                    <td className="px-3 py-2 break-words">{item.facts.maker ?? <span className="text-muted-foreground">—</span>}</td>
                    <td className="max-w-56 px-3 py-2 break-words text-muted-foreground">{factsLine(item) || '—'}</td>
                    <td className="px-3 py-2 tabular-nums">{item.facts.year ?? <span className="text-muted-foreground">—</span>}</td>
                    <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">{price(item) ?? <span className="text-muted-foreground">—</span>}</td>
                    <td className="px-3 py-2 whitespace-nowrap">{date(item) ?? <span className="text-muted-foreground">—</span>}</td>
                    <td className="max-w-56 px-3 py-2 break-words">
                      {item.ledger.boughtAt || item.ledger.storage ? (
                        <span className="grid gap-0.5">
                          {item.ledger.boughtAt ? <span>{item.ledger.boughtAt}</span> : null}
                          {item.ledger.storage ? (
                            <span className="text-muted-foreground">{t('collection.storedIn', { place: item.ledger.storage })}</span>
                          ) : null}
                        </span>
                      ) : (
                        <span className="text-muted-foreground">—</span>
                      )}
                    </td>
                    <td className="px-1 py-1.5 text-right print:hidden">{editButton(item)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}

      <section aria-labelledby="collection-totals-title" className="grid gap-3 print:break-inside-avoid" data-testid="collection-totals">
        <h2 id="collection-totals-title" className="font-display text-xl font-semibold">
          {t('collection.totals.title')}
        </h2>
        <div className="grid gap-3 md:grid-cols-3 print:grid-cols-3">
          <section className="grid content-start gap-2 rounded-xl border border-border bg-surface p-4 print:border-neutral-300" data-testid="totals-currency">
            <h3 className="font-semibold">{t('collection.totals.byCurrency')}</h3>
            {totals.byCurrency.length ? (
              <ul className="grid gap-1.5">
                {totals.byCurrency.map((m) => (
                  <li key={m.currency} className="flex items-baseline justify-between gap-3">
                    <span className="text-sm text-muted-foreground">{t('collection.totals.count', { count: m.count })}</span>
                    <span className="font-display text-lg font-semibold tabular-nums">{formatMoney(m.amount, m.currency, i18n.language)}</span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-muted-foreground">{t('collection.noPrice')}</p>
            )}
            <p className="text-xs text-muted-foreground">{t('collection.totals.currencyNote')}</p>
          </section>
          <GroupTable title={t('collection.totals.byMaker')} groups={totals.byMaker} noneLabel={t('collection.totals.noMaker')} testId="totals-maker" />
          <GroupTable title={t('collection.totals.byYear')} groups={totals.byYear} noneLabel={t('collection.totals.noYear')} testId="totals-year" />
        </div>
      </section>

      <Dialog open={!!editing} onOpenChange={(open) => !open && setEditing(null)}>
        <DialogContent closeLabel={t('common.close')} data-testid="ledger-dialog">
          <DialogTitle>{t('collection.ledger.dialogTitle', { title: editing?.title ?? '' })}</DialogTitle>
          <DialogDescription>{t('collection.ledger.dialogDescription')}</DialogDescription>
          {editing ? (
            <LedgerForm itemId={editing.id} ledger={items.find((i) => i.id === editing.id)?.ledger ?? editing.ledger} onDone={() => setEditing(null)} />
          ) : null}
        </DialogContent>
      </Dialog>
    </div>
  );
}
