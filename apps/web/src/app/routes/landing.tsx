import { ArrowRight, Camera, Compass, EyeOff, Flag, Heart, LayoutGrid, Lock, MessageCircle, Palette, Share2, ShieldCheck, UserPlus } from 'lucide-react';
import type { ComponentType, SVGProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { CabinetHero } from '@/components/illustrations/cabinet-hero';
import { SiteFooter } from '@/components/layout/site-footer';
import { Button } from '@/components/ui/button';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { isUsedLinkError } from '@/features/auth/utils/used-link';
import { TrendingGallery } from '@/features/explore/components/trending-gallery';
import { useAfterHydration } from '@/hooks/use-after-hydration';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { useAuth } from '@/lib/auth';

type Icon = ComponentType<SVGProps<SVGSVGElement>>;

/**
 * A mailed sign-in link that no longer works lands on `/?error=INVALID_TOKEN`: tells a guest so, with the
 * way to a new one (the sign-in page's link form). Someone signed in already (the link opened twice)
 * needs none. Shown once the page is the app's: the pre-rendered page knows no query string.
 */
function UsedLinkNotice() {
  const { t } = useTranslation();
  const ready = useAfterHydration();
  const { user, loading } = useAuth();
  const [searchParams] = useSearchParams();
  if (!ready || loading || user || !isUsedLinkError(searchParams.get('error'))) return null;
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-danger-bg px-3.5 py-2.5 text-sm font-medium text-danger-fg"
      data-testid="used-link"
    >
      {t('landing.usedLink.text')}
      <Button asChild variant="secondary" size="sm">
        <Link to={paths.login.getHref()}>{t('landing.usedLink.action')}</Link>
      </Button>
    </div>
  );
}

function Hero() {
  const { t } = useTranslation();
  const { user } = useAuth();
  // The page is pre-rendered for guests: a session shows once the page is the app's (as in the header).
  const signedIn = useAfterHydration() && !!user;
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 -z-10 h-[560px] bg-[radial-gradient(ellipse_at_70%_0%,var(--accent-soft),transparent_60%)] opacity-80"
      />
      <div className="mx-auto grid w-full max-w-content items-center gap-10 px-4 pt-10 pb-16 sm:px-6 sm:pt-16 lg:grid-cols-[1.1fr_1fr] lg:gap-16 lg:pt-20 lg:pb-24">
        <div className="grid gap-6">
          <UsedLinkNotice />
          <p className="inline-flex w-fit items-center gap-2 rounded-full border border-border bg-surface px-3 py-1 text-sm font-medium text-muted-foreground shadow-soft">
            <span className="size-1.5 rounded-full bg-accent" aria-hidden="true" />
            {t('landing.hero.eyebrow')}
          </p>
          <h1 id="hero-title" className="font-display text-[2.5rem] leading-[1.05] font-semibold tracking-tight sm:text-6xl lg:text-[4.25rem]">
            {t('landing.hero.title')}
          </h1>
          <p className="max-w-xl text-lg text-muted-foreground sm:text-xl">{t('landing.hero.subtitle', { appName: env.appName })}</p>
          <div className="flex flex-wrap gap-3 pt-2">
            <Button asChild size="lg">
              <Link to={signedIn ? paths.myShelf.getHref() : paths.login.getHref()}>
                {t(signedIn ? 'landing.hero.openShelf' : 'landing.hero.getStarted')}
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
            <Button asChild size="lg" variant="secondary">
              <Link to={paths.explore.getHref()}>
                <Compass aria-hidden="true" />
                {t('landing.hero.explore')}
              </Link>
            </Button>
          </div>
        </div>
        <div className="relative mx-auto w-full max-w-md lg:max-w-none">
          <CabinetHero className="h-auto w-full drop-shadow-[0_24px_40px_rgb(var(--shadow-color)/0.18)]" />
        </div>
      </div>
    </section>
  );
}

function SectionHeading({ id, eyebrow, title, text }: { id: string; eyebrow: string; title: string; text?: string }) {
  return (
    <div className="mb-10 grid max-w-2xl gap-3">
      <p className="text-sm font-semibold tracking-wider text-accent uppercase">{eyebrow}</p>
      <h2 id={id} className="font-display text-3xl font-semibold tracking-tight sm:text-4xl">
        {title}
      </h2>
      {text ? <p className="text-lg text-muted-foreground">{text}</p> : null}
    </div>
  );
}

function HowItWorks() {
  const { t } = useTranslation();
  const steps: { Icon: Icon; key: string }[] = [
    { Icon: Camera, key: 'photograph' },
    { Icon: Palette, key: 'style' },
    { Icon: LayoutGrid, key: 'arrange' },
  ];
  return (
    <section aria-labelledby="how-title" className="border-y border-border bg-surface/60">
      <div className="mx-auto w-full max-w-content px-4 py-16 sm:px-6 sm:py-20">
        <SectionHeading id="how-title" eyebrow={t('landing.how.eyebrow')} title={t('landing.how.title')} />
        <ol className="grid gap-5 md:grid-cols-3">
          {steps.map(({ Icon, key }, index) => (
            <li key={key} className="relative grid content-start gap-3 rounded-xl border border-border bg-surface p-6 shadow-soft">
              <div className="flex items-center justify-between">
                <span className="inline-flex size-12 items-center justify-center rounded-xl bg-accent-soft text-accent-soft-foreground">
                  <Icon className="size-6" aria-hidden="true" />
                </span>
                <span className="font-brand text-4xl font-semibold text-border-strong" aria-hidden="true">
                  {index + 1}
                </span>
              </div>
              <h3 className="text-lg font-semibold">
                <span className="sr-only">{t('landing.how.stepLabel', { number: index + 1 })} </span>
                {t(`landing.how.steps.${key}.title`)}
              </h3>
              <p className="text-muted-foreground">{t(`landing.how.steps.${key}.text`)}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

function FeatureGrid({
  id,
  eyebrow,
  title,
  text,
  items,
}: {
  id: string;
  eyebrow: string;
  title: string;
  text: string;
  items: { Icon: Icon; key: string; base: string }[];
}) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby={id} className="mx-auto w-full max-w-content px-4 py-16 sm:px-6 sm:py-20">
      <SectionHeading id={id} eyebrow={eyebrow} title={title} text={text} />
      <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
        {items.map(({ Icon, key, base }) => (
          <li key={key} className="grid content-start gap-3 rounded-xl border border-border bg-surface p-6 shadow-soft">
            <Icon className="size-6 text-accent" aria-hidden="true" />
            <h3 className="font-semibold">{t(`${base}.${key}.title`)}</h3>
            <p className="text-sm text-muted-foreground">{t(`${base}.${key}.text`)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function LandingRoute() {
  const { t } = useTranslation();
  useDocumentMeta({ title: t('landing.metaTitle'), description: t('meta.description', { appName: env.appName }), canonical: paths.home.getHref() });
  return (
    <>
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <Hero />
        <HowItWorks />
        <TrendingGallery />
        <FeatureGrid
          id="social-title"
          eyebrow={t('landing.social.eyebrow')}
          title={t('landing.social.title')}
          text={t('landing.social.text')}
          items={[
            { Icon: UserPlus, key: 'follow', base: 'landing.social.items' },
            { Icon: Heart, key: 'like', base: 'landing.social.items' },
            { Icon: MessageCircle, key: 'comment', base: 'landing.social.items' },
            { Icon: Share2, key: 'share', base: 'landing.social.items' },
          ]}
        />
        <div className="bg-surface-sunken/60">
          <FeatureGrid
            id="safety-title"
            eyebrow={t('landing.safety.eyebrow')}
            title={t('landing.safety.title')}
            text={t('landing.safety.text')}
            items={[
              { Icon: Lock, key: 'privacy', base: 'landing.safety.items' },
              { Icon: Flag, key: 'report', base: 'landing.safety.items' },
              { Icon: EyeOff, key: 'nsfw', base: 'landing.safety.items' },
              { Icon: ShieldCheck, key: 'data', base: 'landing.safety.items' },
            ]}
          />
        </div>
      </main>
      <SiteFooter />
    </>
  );
}
