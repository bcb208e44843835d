import { SEARCH_TYPES, type SearchType } from '@curio/contract';
import { Compass, RotateCcw, Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { EmptySearch } from '@/components/illustrations/empty-search';
import { SiteFooter } from '@/components/layout/site-footer';
import { Button } from '@/components/ui/button';
import { inputClass } from '@/components/ui/input';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { paths } from '@/config/paths';
import type { ExploreItem } from '@/features/explore/api/get-explore-list';
import { useToggleCardLike } from '@/features/explore/api/toggle-like';
import { useToggleCardSave } from '@/features/explore/api/toggle-save';
import { CardGrid, CardGridLoading } from '@/features/explore/components/card-grid';
import { ListFooter } from '@/features/explore/components/list-footer';
import { useInfiniteScroll } from '@/features/explore/hooks/use-infinite-scroll';
import { useSearchResults } from '@/features/search/api/search';
import { SearchPeople } from '@/features/search/components/search-people';
import { SearchTags } from '@/features/search/components/search-tags';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { useAuth, useSignInHref } from '@/lib/auth';
import { cn } from '@/lib/utils';

const typeOf = (value: string | null): SearchType => ((SEARCH_TYPES as readonly string[]).includes(value ?? '') ? (value as SearchType) : 'all');

/** A field to change the query on the page itself (the header's collapses to a button on a phone). */
function QueryForm({ q }: { q: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [value, setValue] = useState(q);
  const [seen, setSeen] = useState(q);
  if (q !== seen) {
    // A new query arrived by the address (the header's search, the back button): the field follows it.
    setSeen(q);
    setValue(q);
  }
  const [params] = useSearchParams();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (value.trim()) void navigate(paths.search.getHref(value.trim(), params.get('type') ?? undefined));
  };
  return (
    <form role="search" onSubmit={submit} className="flex max-w-2xl gap-2" aria-label={t('search.pageLabel')}>
      <label className="relative flex-1">
        <span className="sr-only">{t('search.label')}</span>
        <Search className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
        <input
          type="search"
          name="q"
          value={value}
          maxLength={100}
          onChange={(e) => setValue(e.target.value)}
          placeholder={t('search.placeholder')}
          className={cn(inputClass, 'h-12 rounded-full pl-10')}
          data-testid="search-page-input"
        />
      </label>
      <Button type="submit" className="h-12 rounded-full px-5">
        {t('search.submit')}
      </Button>
    </form>
  );
}

function Failed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      className="grid justify-items-center gap-4 rounded-xl border border-border bg-surface px-6 py-12 text-center shadow-soft"
      data-testid="search-error"
    >
      <p className="font-medium">{t('search.loadFailed')}</p>
      <Button variant="secondary" onClick={onRetry}>
        <RotateCcw aria-hidden="true" />
        {t('common.retry')}
      </Button>
    </div>
  );
}

function Empty({ q, type }: { q: string; type: SearchType }) {
  const { t } = useTranslation();
  return (
    <div
      className="grid justify-items-center gap-4 rounded-xl border border-dashed border-border-strong bg-surface/60 px-6 py-14 text-center"
      data-testid="search-empty"
    >
      <EmptySearch className="h-28 w-auto" />
      <p className="max-w-md text-lg font-medium">{t(`search.empty.${type}`, { q })}</p>
      <p className="max-w-md text-sm text-muted-foreground">{t('search.emptyHint')}</p>
      <Button asChild variant="soft">
        <Link to={paths.explore.getHref()}>
          <Compass aria-hidden="true" />
          {t('search.browseExplore')}
        </Link>
      </Button>
    </div>
  );
}

/** One tab's results: the first page's people and tags (All), then items, people or tags, a page more as the end comes into view. */
function Results({ q, type }: { q: string; type: SearchType }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useAuth();
  const signIn = useSignInHref();
  const results = useSearchResults(q, type);
  const like = useToggleCardLike();
  const save = useToggleCardSave();
  const canLoadMore = !!results.data && results.hasNextPage && !results.isFetchingNextPage && !results.isFetchNextPageError;
  const sentinelRef = useInfiniteScroll<HTMLDivElement>(() => {
    if (canLoadMore) void results.fetchNextPage();
  }, canLoadMore);

  if (results.isError && !results.data) return <Failed onRetry={() => void results.refetch()} />;
  if (!results.data) {
    return <CardGridLoading label={t('search.searching')} />;
  }
  const pages = results.data.pages;
  const items = pages.flatMap((p) => p.items);
  const people = pages.flatMap((p) => p.people);
  const tags = pages.flatMap((p) => p.tags);
  if (!items.length && !people.length && !tags.length) return <Empty q={q} type={type} />;

  const onLike = (item: ExploreItem) => {
    if (!user) return void navigate(signIn);
    like.mutate({ itemId: item.itemId, liked: !item.liked }, { onError: () => toast.error(t('explore.likeFailed')) });
  };
  const onSave = (item: ExploreItem) => {
    if (!user) return void navigate(signIn);
    save.mutate({ itemId: item.itemId, saved: !item.saved }, { onError: () => toast.error(t('explore.saveFailed')) });
  };
  const section = (title: string, more: SearchType | null, children: React.ReactNode) =>
    type === 'all' ? (
      <section className="grid gap-3" aria-label={title}>
        <div className="flex items-baseline justify-between gap-3">
          <h2 className="font-display text-xl font-semibold">{title}</h2>
          {more ? (
            <Link to={paths.search.getHref(q, more)} className="text-sm font-medium text-accent underline-offset-4 hover:underline">
              {t('search.seeAll')}
            </Link>
          ) : null}
        </div>
        {children}
      </section>
    ) : (
      children
    );

  return (
    <div className="grid gap-8">
      {people.length ? section(t('search.people'), 'people', <SearchPeople people={people} />) : null}
      {tags.length ? section(t('search.tags'), 'tags', <SearchTags tags={tags} />) : null}
      {items.length
        ? section(
            t('search.items'),
            null,
            <CardGrid items={items} onLike={onLike} onSave={onSave} data-testid="search-items" aria-busy={results.isFetchingNextPage} />,
          )
        : null}
      <ListFooter
        list={results}
        sentinelRef={sentinelRef}
        testId="search"
        loadingMore={t('search.loadingMore')}
        loadFailed={t('search.loadFailed')}
        shown={null}
      />
    </div>
  );
}

/** /search?q=…&type=…: the results of a search, in tabs (All, Items, People, Tags) that the address mirrors. */
export default function SearchRoute() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim().slice(0, 100);
  const type = typeOf(params.get('type'));
  useDocumentMeta({ title: q ? t('search.metaTitleQuery', { q }) : t('search.metaTitle') });

  const onTab = (value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === 'all') next.delete('type');
        else next.set('type', value);
        return next;
      },
      { replace: true },
    );

  return (
    <>
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-content flex-1 px-4 py-8 outline-none sm:px-6 sm:py-12">
        <div className="mb-6 grid gap-5">
          <h1 className="font-display text-3xl font-semibold tracking-tight sm:text-4xl">{q ? t('search.resultsFor', { q }) : t('search.title')}</h1>
          <QueryForm q={q} />
        </div>
        {q ? (
          <Tabs value={type} onValueChange={onTab}>
            <TabsList aria-label={t('search.typesLabel')} className="sm:max-w-lg">
              {SEARCH_TYPES.map((kind) => (
                <TabsTrigger key={kind} value={kind} data-testid={`search-tab-${kind}`}>
                  {t(`search.type.${kind}`)}
                </TabsTrigger>
              ))}
            </TabsList>
            {SEARCH_TYPES.map((kind) => (
              <TabsContent key={kind} value={kind}>
                {kind === type ? <Results q={q} type={kind} /> : null}
              </TabsContent>
            ))}
          </Tabs>
        ) : (
          <div
            className="grid justify-items-center gap-4 rounded-xl border border-dashed border-border-strong bg-surface/60 px-6 py-14 text-center"
            data-testid="search-start"
          >
            <EmptySearch className="h-28 w-auto" />
            <p className="max-w-md text-lg font-medium">{t('search.start')}</p>
          </div>
        )}
      </main>
      <SiteFooter />
    </>
  );
}
