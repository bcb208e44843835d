import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { InviteStep } from '@/features/onboarding/components/invite-step';
import { ProfileStep } from '@/features/onboarding/components/profile-step';
import { getOnboardingStartStep, type OnboardingStep } from '@/features/onboarding/utils/get-onboarding-start-step';
import { useProfileMe } from '@/features/profile/api/get-profile-me';
import { usePublicSiteSettings } from '@/lib/public-site-settings';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { errorMessageKey } from '@/lib/error-messages';
import { useAuth } from '@/lib/auth';

function FormSkeleton() {
  return (
    <div className="grid gap-5" aria-hidden="true">
      <Skeleton className="h-8 w-2/3" />
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-11 w-full" />
      <Skeleton className="h-11 w-full" />
      <Skeleton className="h-24 w-full" />
      <Skeleton className="h-12 w-full" />
    </div>
  );
}

export default function OnboardingRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user, loading } = useAuth();
  const me = useProfileMe({ enabled: !!user });
  const settings = usePublicSiteSettings();
  const [step, setStep] = useState<OnboardingStep | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  useDocumentMeta({ title: t('onboarding.metaTitle') });

  if (!loading && !user) return <Navigate to={paths.login.getHref()} replace />;
  if (me.data?.profile) return <Navigate to={paths.myShelf.getHref()} replace />;

  const ready = !loading && !!me.data && !settings.isPending;
  const current = step ?? (ready ? getOnboardingStartStep(settings.data, me.data) : null);
  const total = settings.data?.beta_open === false ? 2 : 1;
  const index = current === 'invite' ? 1 : total;

  let body;
  if (me.isError) {
    body = (
      <div role="alert" className="grid gap-4">
        <p className="font-medium">{t(errorMessageKey(me.error))}</p>
        <div>
          <Button variant="secondary" onClick={() => void me.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      </div>
    );
  } else if (!current) {
    body = (
      <div role="status" aria-label={t('common.loading')}>
        <FormSkeleton />
      </div>
    );
  } else if (current === 'invite') {
    body = <InviteStep notice={notice} onRedeemed={() => setStep('profile')} />;
  } else {
    body = (
      <ProfileStep
        onComplete={() => navigate(paths.myShelf.getHref(), { replace: true })}
        onInviteRequired={() => {
          setNotice('errors.invite_required');
          setStep('invite');
        }}
      />
    );
  }

  return (
    <>
      <main id="main" tabIndex={-1} className="flex-1 px-4 py-10 outline-none sm:px-6 sm:py-16">
        <div className="mx-auto grid w-full max-w-lg gap-6">
          <div className="grid gap-2 text-center">
            <h1 className="font-display text-3xl font-semibold tracking-tight sm:text-4xl">{t('onboarding.title')}</h1>
            <p className="text-muted-foreground">{t('onboarding.subtitle')}</p>
          </div>
          <Card className="p-5 sm:p-8">
            {current && total > 1 ? (
              <p className="mb-5 text-sm font-medium text-muted-foreground">{t('onboarding.stepOf', { current: index, total })}</p>
            ) : null}
            {body}
          </Card>
        </div>
      </main>
    </>
  );
}
