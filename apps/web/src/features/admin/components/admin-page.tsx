import { Activity, ListChecks } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { AccessDeniedCard } from '@/components/errors/access-denied';
import { usePageExists } from '@/components/layout/page-availability';
import { buttonVariants } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { FeedbackPanel } from './feedback-panel';
import { InvitesPanel } from './invites-panel';
import { OAuthClientsPanel } from './oauth-clients-panel';
import { SiteSettingsPanel } from './site-settings-panel';
import { UsersPanel } from './users-panel';

export const ADMIN_TABS = ['settings', 'invites', 'users', 'feedback', 'api-clients'] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

/** "Access Denied" for everyone without the admin role: guests (offered Sign in) and signed-in people. */
export function AccessDenied() {
  const { t } = useTranslation();
  return <AccessDeniedCard title={t('adminPanel.accessDenied')} text={t('adminPanel.requiresAdmin')} testId="admin-access-denied" />;
}

/** The admin panel (for admins; the route checks): one tab per part, the open tab kept in the address (`?tab=`). */
export function AdminPage() {
  const { t } = useTranslation();
  const exists = usePageExists();
  const [search, setSearch] = useSearchParams();
  const requested = search.get('tab');
  const tab: AdminTab = ADMIN_TABS.includes(requested as AdminTab) ? (requested as AdminTab) : 'settings';

  const functionsHref = '/admin/functions';
  const jobsHref = '/admin/jobs';
  return (
    // One column that may shrink below its content: wide tables scroll inside their cards on a phone.
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="font-display text-3xl font-semibold tracking-tight">{t('adminPanel.title')}</h1>
          <p className="text-muted-foreground">{t('adminPanel.subtitle')}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          {exists(jobsHref) ? (
            <Link to={jobsHref} className={buttonVariants({ variant: 'secondary', size: 'sm' })} data-testid="admin-jobs-link">
              <ListChecks aria-hidden="true" />
              {t('adminPanel.jobsLink')}
            </Link>
          ) : null}
          {exists(functionsHref) ? (
            <Link to={functionsHref} className={buttonVariants({ variant: 'secondary', size: 'sm' })} data-testid="admin-functions-link">
              <Activity aria-hidden="true" />
              {t('adminPanel.functionsLink')}
            </Link>
          ) : null}
        </div>
      </div>
      <Tabs
        value={tab}
        onValueChange={(value) => {
          const next = new URLSearchParams(search);
          next.set('tab', value);
          setSearch(next, { replace: true });
        }}
      >
        <div>
          {/* Two rows of two on a phone, so that every tab shows; one row from the small breakpoint. */}
          <TabsList className="max-sm:grid-flow-row max-sm:grid-cols-2">
            {ADMIN_TABS.map((id) => (
              <TabsTrigger key={id} value={id} data-testid={`admin-tab-${id}`}>
                {id === 'api-clients' ? t('adminOauth.tab') : t(`adminPanel.tabs.${id}`)}
              </TabsTrigger>
            ))}
          </TabsList>
        </div>
        <TabsContent value="settings">
          <SiteSettingsPanel />
        </TabsContent>
        <TabsContent value="invites">
          <InvitesPanel />
        </TabsContent>
        <TabsContent value="users">
          <UsersPanel />
        </TabsContent>
        <TabsContent value="feedback">
          <FeedbackPanel />
        </TabsContent>
        <TabsContent value="api-clients">
          <OAuthClientsPanel />
        </TabsContent>
      </Tabs>
    </div>
  );
}
