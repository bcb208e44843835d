import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { SiteFooter } from '@/components/layout/site-footer';
import { paths } from '@/config/paths';
import { ExploreFilters } from '@/features/explore/components/explore-filters';
import { ExploreGrid } from '@/features/explore/components/explore-grid';
import { TagHeader } from '@/features/explore/components/tag-header';
import { filtersFromSearch, filtersToSearch, type ExploreFilters as Filters } from '@/features/explore/utils/filters';
import { useIncludeNsfwSetting } from '@/features/settings/hooks/use-include-nsfw-setting';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { useAuth } from '@/lib/auth';

/** `/t/{tag}`: a tag's items, sorted as on explore, under its header (count, Follow, Mute, related tags). */
export default function TagRoute() {
  const { t } = useTranslation();
  const tag = (useParams().tag ?? '').trim();
  const { user, loading } = useAuth();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = filtersFromSearch(searchParams);
  const nsfwSetting = useIncludeNsfwSetting({ signedIn: !!user, onSaveError: () => toast.error(t('explore.settingsSaveFailed')) });
  useDocumentMeta({ title: t('tagPage.metaTitle', { tag }), canonical: paths.tag.getHref(tag) });
  const includeNSFW = filters.nsfw ?? nsfwSetting.value;
  const ready = filters.nsfw !== null || (!loading && nsfwSetting.ready);
  const update = (next: Partial<Filters>) => setSearchParams(filtersToSearch({ ...filters, ...next, tag: null }, searchParams), { replace: true });
  const savedNsfw = filters.nsfw === null && !loading && nsfwSetting.ready && nsfwSetting.value;
  useEffect(() => {
    if (!savedNsfw) return;
    setSearchParams((current) => filtersToSearch({ ...filtersFromSearch(current), nsfw: true, tag: null }, current), { replace: true });
  }, [savedNsfw, setSearchParams]);

  return (
    <>
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-content flex-1 px-4 py-8 outline-none sm:px-6 sm:py-12">
        <div className="mb-8 grid gap-6">
          <TagHeader tag={tag} />
          <ExploreFilters
            filters={filters}
            includeNSFW={includeNSFW}
            onChange={update}
            onIncludeNSFWChange={(value) => {
              nsfwSetting.set(value);
              update({ nsfw: value ? true : null });
            }}
            showTag={false}
          />
        </div>
        <ExploreGrid params={{ sort: filters.sort, timeRange: filters.timeRange, tag, includeNSFW }} enabled={ready && !!tag} />
      </main>
      <SiteFooter />
    </>
  );
}
