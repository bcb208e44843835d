import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { SiteFooter } from '@/components/layout/site-footer';
import { Button } from '@/components/ui/button';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { DmcaForm } from '@/features/dmca/components/dmca-form';
import { useDocumentMeta } from '@/hooks/use-document-meta';

/** /dmca: the public DMCA takedown notice form (`?item=` names the item page a notice is about). */
export default function DmcaRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  useDocumentMeta({ title: t('dmca.metaTitle') });
  const goBack = () => (window.history.state?.idx > 0 ? navigate(-1) : navigate(paths.home.getHref()));
  return (
    <>
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-3xl flex-1 px-4 py-6 outline-none sm:px-6 sm:py-10" data-testid="dmca-page">
        <div className="mb-8 grid gap-3">
          <div>
            <Button variant="ghost" size="sm" className="-ml-3" onClick={goBack} data-testid="dmca-back">
              <ArrowLeft aria-hidden="true" />
              {t('legal.back')}
            </Button>
          </div>
          <h1 className="font-display text-3xl font-semibold tracking-tight sm:text-4xl">{t('dmca.title')}</h1>
          <p className="text-lg text-muted-foreground">{t('dmca.intro', { appName: env.appName })}</p>
        </div>
        <DmcaForm initialItem={search.get('item')} />
      </main>
      <SiteFooter />
    </>
  );
}
