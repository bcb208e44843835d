import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { BrandMark } from './brand-link';
import { usePageExists } from './page-availability';

export function SiteFooter() {
  const { t } = useTranslation();
  const exists = usePageExists();
  // The DMCA form comes with the safety pages: until its route exists the link is left out.
  const links = [
    { to: paths.future.dmca.getHref(), label: t('footer.dmca') },
    { to: paths.terms.getHref(), label: t('footer.terms') },
    { to: paths.privacy.getHref(), label: t('footer.privacy') },
    { to: paths.feedback.getHref(), label: t('footer.feedback') },
  ].filter((link) => exists(link.to));
  return (
    <footer className="border-t border-border bg-surface-sunken/50 print:hidden">
      <div className="mx-auto flex w-full max-w-content flex-col gap-6 px-4 py-10 sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <div className="flex items-center gap-3">
          <BrandMark className="size-7" />
          <p className="text-sm text-muted-foreground">{t('footer.tagline', { appName: env.appName })}</p>
        </div>
        <nav aria-label={t('footer.label')}>
          {/* The links' tap padding hangs outside, so their words line up with the brand and the page edge. */}
          <ul className="-mx-2 flex flex-wrap gap-x-2 gap-y-1">
            {links.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  className="inline-flex min-h-11 items-center rounded-md px-2 text-sm text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
