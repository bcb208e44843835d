import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { UserAvatar } from '@/components/ui/user-avatar';
import { paths } from '@/config/paths';
import type { SearchPerson } from '../api/search';

/** People found: avatar, name, handle and followers; each row opens the profile. */
export function SearchPeople({ people }: { people: SearchPerson[] }) {
  const { t } = useTranslation();
  return (
    <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3" data-testid="search-people">
      {people.map((person) => (
        <li key={person.id}>
          <Link
            to={paths.profile.getHref(person.handle)}
            className="flex min-h-16 items-center gap-3 rounded-xl border border-border bg-surface px-3 py-2.5 shadow-soft transition-[box-shadow,transform] duration-150 hover:-translate-y-0.5 hover:shadow-lift focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring"
            data-testid="search-person"
          >
            <UserAvatar handle={person.displayName || person.handle} imageId={person.avatarImageId} className="size-11" />
            <span className="grid min-w-0 flex-1 leading-tight">
              <span className="truncate font-medium">{person.displayName}</span>
              <span className="truncate text-sm text-muted-foreground">@{person.handle}</span>
            </span>
            <span className="grid shrink-0 justify-items-end gap-0.5 text-right text-xs text-muted-foreground">
              <span>{t('search.followers', { count: person.followersCount })}</span>
              {person.viewerFollows ? (
                <span className="rounded-full bg-accent-soft px-2 py-0.5 font-medium text-accent-soft-foreground">{t('search.following')}</span>
              ) : null}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
