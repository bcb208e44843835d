import { lazy, Suspense, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AccessDeniedCard } from '@/components/errors/access-denied';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ActionsTab } from './actions-tab';
import { ReportsTab } from './reports-tab';

// The DMCA tab is its own module (the notices' review); the dashboard shows it once it is there.
const dmcaModules = import.meta.glob<{ DmcaTab?: ComponentType; default?: ComponentType }>('./dmca-tab.tsx');
const loadDmca = dmcaModules['./dmca-tab.tsx'];
const DmcaTab = loadDmca
  ? lazy(async () => {
      const mod = await loadDmca();
      return { default: (mod.DmcaTab ?? mod.default)! };
    })
  : null;

const TABS = ['reports', ...(DmcaTab ? ['dmca'] : []), 'history'] as const;
type Tab = 'reports' | 'dmca' | 'history';

/** "Access Denied" for everyone who is neither moderator nor admin: guests (offered Sign in) and signed-in people. */
export function ModerationAccessDenied() {
  const { t } = useTranslation();
  return <AccessDeniedCard title={t('moderation.accessDenied')} text={t('moderation.requiresModerator')} testId="mod-access-denied" />;
}

/** The moderation dashboard: tabs Reports, DMCA, Actions History; the open tab is kept in the address (`?tab=`). */
export function ModerationPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const requested = search.get('tab') as Tab | null;
  const tab: Tab = requested && (TABS as readonly string[]).includes(requested) ? requested : 'reports';
  return (
    <div className="grid gap-6">
      <div className="grid gap-1">
        <h1 className="font-display text-3xl font-semibold tracking-tight">{t('moderation.title')}</h1>
        <p className="text-muted-foreground">{t('moderation.subtitle')}</p>
      </div>
      <Tabs
        value={tab}
        onValueChange={(value) => {
          // Filters belong to one tab: switching starts the next one clean.
          setSearch(value === 'reports' ? {} : { tab: value }, { replace: true });
        }}
      >
        <TabsList className="max-w-xl">
          {TABS.map((id) => (
            <TabsTrigger key={id} value={id} data-testid={`mod-tab-${id}`}>
              {t(`moderation.tabs.${id}`)}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="reports">
          <ReportsTab />
        </TabsContent>
        {DmcaTab ? (
          <TabsContent value="dmca">
            <Suspense fallback={<Skeleton className="h-64 w-full" />}>
              <DmcaTab />
            </Suspense>
          </TabsContent>
        ) : null}
        <TabsContent value="history">
          <ActionsTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
