import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { SiteFooter } from '@/components/layout/site-footer';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { ExploreFilters } from '@/features/explore/components/explore-filters';
import { FactFilterChips } from '@/features/explore/components/fact-filter-chips';
import { ExploreGrid } from '@/features/explore/components/explore-grid';
import { factParams, filtersFromSearch, filtersToSearch, type ExploreFilters as Filters } from '@/features/explore/utils/filters';
import { useIncludeNsfwSetting } from '@/features/settings/hooks/use-include-nsfw-setting';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { useAuth } from '@/lib/auth';

export default function ExploreRoute() {
  const { t } = useTranslation();
  const { user, loading } = useAuth();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = filtersFromSearch(searchParams);
  const nsfwSetting = useIncludeNsfwSetting({ signedIn: !!user, onSaveError: () => toast.error(t('explore.settingsSaveFailed')) });
  useDocumentMeta({ title: t('explore.metaTitle'), description: t('explore.metaDescription', { appName: env.appName }), canonical: paths.explore.getHref() });

  // The query string wins; otherwise a signed-in viewer's saved choice, otherwise off.
  const includeNSFW = filters.nsfw ?? nsfwSetting.value;
  const ready = filters.nsfw !== null || (!loading && nsfwSetting.ready);

  const update = (next: Partial<Filters>) => setSearchParams(filtersToSearch({ ...filters, ...next }, searchParams), { replace: true });
  // A saved "include NSFW" shows in the address too, so that the link copied from it shows the same feed.
  const savedNsfw = filters.nsfw === null && !loading && nsfwSetting.ready && nsfwSetting.value;
  useEffect(() => {
    if (!savedNsfw) return;
    setSearchParams((current) => filtersToSearch({ ...filtersFromSearch(current), nsfw: true }, current), { replace: true });
  }, [savedNsfw, setSearchParams]);

  const onIncludeNSFWChange = (value: boolean) => {
    nsfwSetting.set(value);
    // A signed-in viewer's setting follows the box at once, so "off" is what the page assumes anyway: no parameter.
    update({ nsfw: value ? true : null });
  };

  return (
    <>
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-content flex-1 px-4 py-8 outline-none sm:px-6 sm:py-12">
        <div className="mb-8 grid gap-6">
          <div className="grid gap-2">
            <h1 className="font-display text-3xl font-semibold tracking-tight sm:text-4xl">{t('explore.title')}</h1>
            <p className="text-muted-foreground">{t('explore.subtitle')}</p>
          </div>
          <ExploreFilters filters={filters} includeNSFW={includeNSFW} onChange={update} onIncludeNSFWChange={onIncludeNSFWChange} />
          <FactFilterChips filters={filters} onRemove={(fact) => update({ [fact]: null })} />
        </div>
        <ExploreGrid params={{ sort: filters.sort, timeRange: filters.timeRange, tag: filters.tag, includeNSFW, ...factParams(filters) }} enabled={ready} />
      </main>
      <SiteFooter />
    </>
  );
}
