import { ArrowRight, Bookmark, Heart, MessageCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AiBadge } from '@/components/ui/ai-badge';
import { paths } from '@/config/paths';
import { useTrendingItems, type ExploreItem } from '../api/get-explore-list';

/** Up to 8 trending items; renders nothing unless items came back. */
export function TrendingGallery() {
  const { t } = useTranslation();
  const { data } = useTrendingItems();
  const items = (data?.items ?? []).filter((item) => !item.nsfw).slice(0, 8);
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="trending-title" className="mx-auto w-full max-w-content px-4 py-16 sm:px-6 sm:py-20">
      <div className="mb-8 flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-2">
          <p className="text-sm font-semibold tracking-wider text-accent uppercase">{t('landing.trending.eyebrow')}</p>
          <h2 id="trending-title" className="font-display text-3xl font-semibold tracking-tight sm:text-4xl">
            {t('landing.trending.title')}
          </h2>
        </div>
        <Link to={paths.explore.getHref()} className="inline-flex min-h-11 items-center gap-1.5 font-medium text-accent underline-offset-4 hover:underline">
          {t('landing.trending.viewMore')}
          <ArrowRight className="size-4" aria-hidden="true" />
        </Link>
      </div>
      <ul className="grid grid-cols-2 gap-4 sm:gap-6 md:grid-cols-3 lg:grid-cols-4">
        {items.map((item) => (
          <li key={item.itemId}>
            <GalleryCard item={item} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function GalleryCard({ item }: { item: ExploreItem }) {
  const { t } = useTranslation();
  const counts = [
    { Icon: Heart, value: item.likeCount, label: t('landing.trending.likes', { count: item.likeCount }) },
    { Icon: MessageCircle, value: item.commentCount, label: t('landing.trending.comments', { count: item.commentCount }) },
    { Icon: Bookmark, value: item.saveCount, label: t('landing.trending.saves', { count: item.saveCount }) },
  ];
  return (
    <Link
      to={paths.item.getHref(item.itemId)}
      className="group block overflow-hidden rounded-xl border border-border bg-surface shadow-soft transition-[box-shadow,transform] duration-200 hover:-translate-y-0.5 hover:shadow-lift"
    >
      <div className="relative aspect-[4/5] overflow-hidden bg-surface-sunken">
        <img
          src={item.imageUrl}
          alt={item.altText ?? ''}
          loading="lazy"
          decoding="async"
          width={480}
          height={600}
          className="size-full object-cover transition-transform duration-200 group-hover:scale-[1.02]"
        />
        <AiBadge className="absolute bottom-2 left-2" />
      </div>
      <div className="grid gap-1.5 p-3 sm:p-4">
        <h3 className="truncate font-medium">{item.title}</h3>
        <p className="truncate text-sm text-muted-foreground">@{item.user.handle}</p>
        <ul className="flex gap-3 text-sm text-muted-foreground">
          {counts.map(({ Icon, value, label }) => (
            <li key={label} className="inline-flex items-center gap-1" title={label}>
              <Icon className="size-3.5" aria-hidden="true" />
              <span aria-hidden="true">{value}</span>
              <span className="sr-only">{label}</span>
            </li>
          ))}
        </ul>
      </div>
    </Link>
  );
}
