import { EXPLORE_SORTS, TIME_RANGES, type ExploreSort, type TimeRange } from '@curio/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/select';
import { useTopTags } from '../api/get-top-tags';
import type { ExploreFilters as Filters } from '../utils/filters';

type ExploreFiltersProps = {
  filters: Filters;
  includeNSFW: boolean;
  onChange: (next: Partial<Filters>) => void;
  onIncludeNSFWChange: (value: boolean) => void;
  /** False on a tag's own page, whose tag is fixed. */
  showTag?: boolean;
};

/** Sort, time range (not for "new"), tag (all tags + the top 15 with counts) and the include-NSFW box. */
export function ExploreFilters({ filters, includeNSFW, onChange, onIncludeNSFWChange, showTag = true }: ExploreFiltersProps) {
  const { t } = useTranslation();
  const id = useId();
  const topTags = useTopTags(filters.timeRange, showTag);
  const tags = topTags.data ?? [];
  const selectedMissing = !!filters.tag && !tags.some((tag) => tag.tag === filters.tag);

  return (
    <div
      role="group"
      aria-label={t('explore.filtersLabel')}
      className="grid grid-cols-2 items-end gap-3 sm:flex sm:flex-wrap sm:gap-4"
      data-testid="explore-filters"
    >
      <div className="grid gap-1.5 sm:w-40">
        <Label htmlFor={`${id}-sort`}>{t('explore.sortLabel')}</Label>
        <NativeSelect id={`${id}-sort`} value={filters.sort} onChange={(e) => onChange({ sort: e.target.value as ExploreSort })} data-testid="explore-sort">
          {EXPLORE_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {t(`explore.sort.${sort}`)}
            </option>
          ))}
        </NativeSelect>
      </div>
      {filters.sort !== 'new' ? (
        <div className="grid gap-1.5 sm:w-44">
          <Label htmlFor={`${id}-range`}>{t('explore.timeRangeLabel')}</Label>
          <NativeSelect
            id={`${id}-range`}
            value={filters.timeRange}
            onChange={(e) => onChange({ timeRange: e.target.value as TimeRange })}
            data-testid="explore-time-range"
          >
            {TIME_RANGES.map((range) => (
              <option key={range} value={range}>
                {t(`explore.timeRange.${range}`)}
              </option>
            ))}
          </NativeSelect>
        </div>
      ) : null}
      {showTag ? (
        <div className="col-span-2 grid gap-1.5 sm:w-56">
          <Label htmlFor={`${id}-tag`}>{t('explore.tagLabel')}</Label>
          <NativeSelect id={`${id}-tag`} value={filters.tag ?? ''} onChange={(e) => onChange({ tag: e.target.value || null })} data-testid="explore-tag">
            <option value="">{t('explore.allTags')}</option>
            {selectedMissing ? <option value={filters.tag!}>{filters.tag}</option> : null}
            {tags.map(({ tag, count }) => (
              <option key={tag} value={tag}>
                {t('explore.tagOption', { tag, count })}
              </option>
            ))}
          </NativeSelect>
        </div>
      ) : null}
      <label className="col-span-2 inline-flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-1 text-sm font-medium select-none sm:ml-auto">
        <input
          type="checkbox"
          checked={includeNSFW}
          onChange={(e) => onIncludeNSFWChange(e.target.checked)}
          className="size-5 cursor-pointer rounded accent-accent focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring"
          data-testid="explore-nsfw"
        />
        {t('explore.includeNsfw')}
      </label>
    </div>
  );
}
