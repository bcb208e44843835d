import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { SiteFooter } from './site-footer';

export type LegalSection = { key: string; points: readonly string[] };

/**
 * A legal page (terms, privacy): a back button, the title, the last-updated date and one card per
 * section. Texts come from `legal.{page}.*` in the catalogs.
 */
export function LegalPage({ page, updated, sections }: { page: 'terms' | 'privacy'; updated: string; sections: readonly LegalSection[] }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const appName = env.appName;
  const date = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${updated}T00:00:00Z`));
  // Back to where the reader came from, or home when the page was opened directly.
  const goBack = () => (window.history.state?.idx > 0 ? navigate(-1) : navigate(paths.home.getHref()));
  return (
    <>
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-3xl flex-1 px-4 py-6 outline-none sm:px-6 sm:py-10" data-testid={`legal-${page}`}>
        <div className="mb-8 grid gap-3">
          <div>
            <Button variant="ghost" size="sm" className="-ml-3" onClick={goBack} data-testid="legal-back">
              <ArrowLeft aria-hidden="true" />
              {t('legal.back')}
            </Button>
          </div>
          <h1 className="font-display text-3xl font-semibold tracking-tight sm:text-4xl">{t(`legal.${page}.title`)}</h1>
          <p className="text-sm text-muted-foreground">
            <time dateTime={updated}>{t('legal.lastUpdated', { date })}</time>
          </p>
          <p className="text-lg text-muted-foreground">{t(`legal.${page}.intro`, { appName })}</p>
        </div>
        <div className="grid gap-5">
          {sections.map((section) => (
            <section
              key={section.key}
              aria-labelledby={`legal-${section.key}`}
              className="grid gap-3 rounded-xl border border-border bg-surface p-5 shadow-soft sm:p-6"
            >
              <h2 id={`legal-${section.key}`} className="font-display text-xl font-semibold tracking-tight">
                {t(`legal.${page}.sections.${section.key}.title`)}
              </h2>
              <ul className="grid list-disc gap-2 pl-5 marker:text-accent">
                {section.points.map((point) => (
                  <li key={point} className="leading-relaxed">
                    {t(`legal.${page}.sections.${section.key}.${point}`, { appName })}
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      </main>
      <SiteFooter />
    </>
  );
}
