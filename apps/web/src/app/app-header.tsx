import { Bell, Bookmark, Compass, LayoutGrid, Menu, MessageCircle, UsersRound } from 'lucide-react';
import { lazy, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { BrandLink } from '@/components/layout/brand-link';
import { usePageExists } from '@/components/layout/page-availability';
import { SiteHeader } from '@/components/layout/site-header';
import { Button } from '@/components/ui/button';
import { UserAvatar } from '@/components/ui/user-avatar';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { useProfileMe } from '@/features/profile/api/get-profile-me';
import { AfterHydration } from '@/hooks/use-after-hydration';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/utils';
import type { HeaderLink } from './header-menus';

// The menus (Radix) load just after the page: they are the biggest piece of the landing page's first bundle otherwise.
const AccountMenu = lazy(() => import('./header-menus').then((m) => ({ default: m.AccountMenu })));
const GuestMenu = lazy(() => import('./header-menus').then((m) => ({ default: m.GuestMenu })));
const GuestPreferences = lazy(() => import('./header-menus').then((m) => ({ default: m.GuestPreferences })));
// Search (its suggestions call the API with the contract's types) loads just after the page too.
const HeaderSearch = lazy(() => import('@/features/search/components/header-search').then((m) => ({ default: m.HeaderSearch })));
// The bell's live stream parses events with the contract's schemas (zod): kept out of the first bundle too.
const NotificationsBell = lazy(() => import('@/features/notifications/components/notifications-bell').then((m) => ({ default: m.NotificationsBell })));

function isCurrent(pathname: string, href: string) {
  return pathname === href || pathname.startsWith(`${href}/`);
}

/** A text link in the desktop bar (icon + label), marked as the current page where it is. */
function NavLink({ link, pathname }: { link: HeaderLink; pathname: string }) {
  const current = isCurrent(pathname, link.href);
  const Icon = link.icon;
  return (
    <Button asChild variant="ghost" size="sm" className={cn(current && 'bg-surface-sunken text-accent')}>
      <Link to={link.href} aria-current={current ? 'page' : undefined} data-testid={`nav-${link.id}`}>
        {Icon ? <Icon className="size-5" aria-hidden="true" /> : null}
        {link.label}
      </Link>
    </Button>
  );
}

/** What a lazy menu trigger looks like before its code arrives (same size, so nothing shifts). */
function TriggerPlaceholder({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Button variant="ghost" size="icon" aria-label={label}>
      {children}
    </Button>
  );
}

/**
 * The one header of every page. Signed in: brand, Explore, My shelf, Saved, the bell, messages and an
 * account menu (profile, settings, insights, theme, language, sign out). Guests: brand, Explore, theme,
 * language, Sign in and Create account. On a phone the links fold into one menu. Links to pages the
 * app does not have yet are left out.
 */
export function AppHeader() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const { pathname } = useLocation();
  const exists = usePageExists();
  const me = useProfileMe({ enabled: !!user });
  const profile = me.data?.profile ?? null;
  const onboarded = !!profile;

  const search = (
    <AfterHydration placeholder={<span className="inline-block size-11 lg:hidden" aria-hidden="true" />}>
      <HeaderSearch />
    </AfterHydration>
  );
  const brand = <BrandLink to={user && onboarded ? paths.myShelf.getHref() : paths.home.getHref()} label={t('nav.brand', { appName: env.appName })} />;

  if (!user) {
    const explore: HeaderLink = { id: 'explore', href: paths.explore.getHref(), label: t('nav.explore'), icon: Compass };
    return (
      <SiteHeader navLabel={t('nav.label')} brand={brand} search={search} searchLabel={t('search.label')}>
        <div className="hidden items-center gap-1 md:flex">
          <NavLink link={explore} pathname={pathname} />
          <AfterHydration placeholder={<span className="inline-block w-[6.5rem]" />}>
            <GuestPreferences />
          </AfterHydration>
          <Button asChild variant="ghost" size="sm" className="ml-1">
            <Link to={paths.login.getHref()} data-testid="nav-sign-in">
              {t('nav.signIn')}
            </Link>
          </Button>
          <Button asChild size="sm" className="px-4">
            <Link to={`${paths.login.getHref()}?tab=sign-up`} data-testid="nav-create-account">
              {t('nav.createAccount')}
            </Link>
          </Button>
        </div>
        <div className="flex items-center gap-1 md:hidden">
          <Button asChild size="sm" className="px-4">
            <Link to={paths.login.getHref()} data-testid="nav-sign-in-compact">
              {t('nav.signIn')}
            </Link>
          </Button>
          <AfterHydration
            placeholder={
              <TriggerPlaceholder label={t('nav.menu')}>
                <Menu className="size-5" aria-hidden="true" />
              </TriggerPlaceholder>
            }
          >
            <GuestMenu links={[explore]} />
          </AfterHydration>
        </div>
      </SiteHeader>
    );
  }

  const primary: HeaderLink[] = [{ id: 'explore', href: paths.explore.getHref(), label: t('nav.explore'), icon: Compass }];
  // The home feed: the collectors and tags one follows.
  if (onboarded) primary.push({ id: 'feed', href: paths.feed.getHref(), label: t('nav.feed'), icon: UsersRound });
  // My shelf also leads someone who has not finished onboarding back to it.
  primary.push({ id: 'my-shelf', href: paths.myShelf.getHref(), label: t('nav.myShelf'), icon: LayoutGrid });
  if (onboarded) primary.push({ id: 'saved', href: paths.saves.getHref(), label: t('nav.saved'), icon: Bookmark });
  const messagesHref = paths.messages.getHref();
  const showMessages = onboarded && exists(messagesHref);
  const showBell = onboarded && exists(paths.notifications.getHref());

  const account: HeaderLink[] = [];
  if (profile && exists(paths.profile.getHref(profile.handle))) {
    account.push({ id: 'profile', href: paths.profile.getHref(profile.handle), label: t('nav.profile') });
  }
  if (onboarded && exists(paths.collection.getHref())) account.push({ id: 'collection', href: paths.collection.getHref(), label: t('nav.collection') });
  if (onboarded && exists(paths.profileSettings.getHref())) account.push({ id: 'settings', href: paths.profileSettings.getHref(), label: t('nav.settings') });
  else if (onboarded && exists(paths.privacySettings.getHref()))
    account.push({ id: 'settings', href: paths.privacySettings.getHref(), label: t('nav.settings') });
  if (onboarded && exists(paths.myWanted.getHref())) account.push({ id: 'wanted', href: paths.myWanted.getHref(), label: t('nav.wanted') });
  if (onboarded && exists(paths.insights.getHref())) account.push({ id: 'insights', href: paths.insights.getHref(), label: t('nav.insights') });
  if (me.data?.roles.includes('admin') && exists(paths.future.admin.getHref()))
    account.push({ id: 'admin', href: paths.future.admin.getHref(), label: t('nav.admin') });
  const roles = me.data?.roles ?? [];
  if ((roles.includes('moderator') || roles.includes('admin')) && exists(paths.mod.getHref()))
    account.push({ id: 'moderation', href: paths.mod.getHref(), label: t('nav.moderation') });

  const handle = profile?.handle ?? user.email ?? '?';
  const avatar = <UserAvatar handle={profile?.displayName || handle} imageId={profile?.avatarImageId ?? null} className="size-8" testId="header-avatar" />;
  const accountLabel = profile ? t('nav.accountOf', { name: profile.displayName }) : t('nav.account');
  const compactLinks = [...primary, ...(showMessages ? [{ id: 'messages', href: messagesHref, label: t('nav.messages'), icon: MessageCircle }] : [])];

  return (
    <SiteHeader navLabel={t('nav.label')} brand={brand} search={search} searchLabel={t('search.label')}>
      <div className="hidden items-center gap-1 md:flex">
        {primary.map((link) => (
          <NavLink key={link.id} link={link} pathname={pathname} />
        ))}
        <span aria-hidden="true" className="mx-1 h-6 w-px bg-border" />
      </div>
      {showBell ? (
        <AfterHydration
          placeholder={
            <TriggerPlaceholder label={t('notifications.bell')}>
              <Bell className="size-5" aria-hidden="true" />
            </TriggerPlaceholder>
          }
        >
          <NotificationsBell />
        </AfterHydration>
      ) : null}
      {showMessages ? (
        <Button asChild variant="ghost" size="icon" className={cn('max-md:hidden', isCurrent(pathname, messagesHref) && 'bg-surface-sunken text-accent')}>
          <Link
            to={messagesHref}
            aria-label={t('nav.messages')}
            title={t('nav.messages')}
            data-testid="nav-messages"
            aria-current={isCurrent(pathname, messagesHref) ? 'page' : undefined}
          >
            <MessageCircle className="size-5" aria-hidden="true" />
          </Link>
        </Button>
      ) : null}
      <div className="hidden md:block">
        <AfterHydration placeholder={<TriggerPlaceholder label={accountLabel}>{avatar}</TriggerPlaceholder>}>
          <AccountMenu
            label={accountLabel}
            trigger={avatar}
            links={account}
            title={profile?.displayName ?? user.email ?? ''}
            subtitle={profile ? `@${profile.handle}` : null}
          />
        </AfterHydration>
      </div>
      <div className="md:hidden">
        <AfterHydration
          placeholder={
            <TriggerPlaceholder label={t('nav.menu')}>
              <Menu className="size-5" aria-hidden="true" />
            </TriggerPlaceholder>
          }
        >
          <AccountMenu
            compact
            label={t('nav.menu')}
            trigger={<Menu className="size-5" aria-hidden="true" />}
            navLinks={compactLinks}
            links={account}
            title={profile?.displayName ?? user.email ?? ''}
            subtitle={profile ? `@${profile.handle}` : null}
          />
        </AfterHydration>
      </div>
    </SiteHeader>
  );
}
