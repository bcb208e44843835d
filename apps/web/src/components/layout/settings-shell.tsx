import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { paths } from '@/config/paths';
import { cn } from '@/lib/utils';

const SECTIONS = [
  { to: paths.profileSettings.getHref(), key: 'settingsShell.profile' },
  { to: paths.privacySettings.getHref(), key: 'settingsShell.privacy' },
  { to: paths.accountSettings.getHref(), key: 'settingsShell.account' },
] as const;

/** One entry of a long page's table of contents: the id of a card on the page and its title. */
export type SettingsContentsEntry = { id: string; label: string };

/**
 * The settings frame: a side list of topics on desktop (a row of tabs on a phone) and the page's cards.
 * A long page passes `contents`: on desktop, links to its cards follow the topics in the side column.
 */
export function SettingsShell({
  title,
  description,
  contents,
  children,
}: {
  title: string;
  description?: string;
  contents?: SettingsContentsEntry[];
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-6 md:grid-cols-[12rem_minmax(0,1fr)] md:gap-10">
      <div className="grid content-start gap-8 md:sticky md:top-24 md:self-start">
        <nav aria-label={t('settingsShell.label')} className="md:pt-2">
          <p className="mb-2 hidden text-sm font-semibold tracking-wide text-muted-foreground uppercase md:block">{t('settingsShell.title')}</p>
          <ul className="flex gap-1 overflow-x-auto rounded-xl bg-surface-sunken p-1 md:grid md:bg-transparent md:p-0">
            {SECTIONS.map((section) => (
              <li key={section.to} className="flex-1 md:flex-none">
                <NavLink
                  to={section.to}
                  className={({ isActive }) =>
                    cn(
                      'flex min-h-11 items-center justify-center rounded-lg px-3 text-sm font-medium whitespace-nowrap transition-colors md:justify-start',
                      isActive
                        ? 'bg-surface text-accent shadow-soft md:bg-accent-soft md:text-accent-soft-foreground md:shadow-none'
                        : 'text-muted-foreground hover:text-foreground',
                    )
                  }
                >
                  {t(section.key)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        {contents?.length ? (
          <nav aria-label={t('settingsContents.label')} className="hidden md:block" data-testid="settings-contents">
            <p className="mb-2 text-sm font-semibold tracking-wide text-muted-foreground uppercase">{t('settingsContents.title')}</p>
            <ul className="grid gap-0.5 border-l border-border">
              {contents.map((entry) => (
                <li key={entry.id}>
                  <a
                    href={`#${entry.id}`}
                    className="-ml-px flex min-h-9 items-center border-l-2 border-transparent py-1 pl-3 text-sm text-muted-foreground transition-colors hover:border-accent hover:text-foreground"
                  >
                    {entry.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </div>
      <div className="grid min-w-0 content-start gap-6">
        <div className="grid gap-1.5">
          <h1 className="font-display text-3xl font-semibold tracking-tight sm:text-4xl">{title}</h1>
          {description ? <p className="text-muted-foreground">{description}</p> : null}
        </div>
        {children}
      </div>
    </div>
  );
}
