import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { FACT_FILTERS, type ExploreFilters, type FactFilter } from '../utils/filters';

/**
 * The facts explore is narrowed to (`?maker=Bandai`), each a chip that removes itself; nothing when none is set.
 * Removing one moves the focus to the first chip left, else to the page's main region, so the keyboard is not dropped.
 */
export function FactFilterChips({ filters, onRemove }: { filters: ExploreFilters; onRemove: (fact: FactFilter) => void }) {
  const { t } = useTranslation();
  const set = FACT_FILTERS.flatMap((fact) => (filters[fact] ? [{ fact, label: t(`explore.factFilter.${fact}`, { value: filters[fact] }) }] : []));
  if (!set.length) return null;
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="explore-fact-filters">
      <span id="explore-fact-filters-label" className="text-sm text-muted-foreground">
        {t('explore.factFiltersLabel')}
      </span>
      <ul aria-labelledby="explore-fact-filters-label" className="flex flex-wrap gap-2">
        {set.map(({ fact, label }) => (
          <li key={fact}>
            <button
              type="button"
              onClick={(e) => {
                const list = e.currentTarget.closest('ul');
                onRemove(fact);
                // After the chip is gone: the first chip left takes the focus, else the page's main region.
                requestAnimationFrame(
                  () => (list?.isConnected ? list.querySelector<HTMLButtonElement>('button') : null)?.focus() ?? document.getElementById('main')?.focus(),
                );
              }}
              aria-label={t('explore.removeFilter', { filter: label })}
              className="inline-flex min-h-9 max-w-full cursor-pointer items-center gap-1.5 rounded-full border border-accent/40 bg-accent-soft py-1 pr-2 pl-3 text-sm font-medium text-accent-soft-foreground transition-colors hover:border-accent focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring max-sm:min-h-11"
              data-testid={`explore-fact-filter-${fact}`}
            >
              <span className="truncate">{label}</span>
              <X className="size-4 shrink-0" aria-hidden="true" />
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
