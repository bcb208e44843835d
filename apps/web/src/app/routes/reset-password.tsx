import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { RequestResetForm } from '@/features/auth/components/request-reset-form';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { useDocumentMeta } from '@/hooks/use-document-meta';

/**
 * /reset-password?token=…: the link from the mail sets a new password. Without a token (or after an
 * expired link) the page asks for a new link instead.
 */
export default function ResetPasswordRoute() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const token = searchParams.get('token');
  const title = token ? t('auth.reset.setTitle') : t('auth.reset.requestTitle');
  useDocumentMeta({ title });

  return (
    <main id="main" tabIndex={-1} className="flex-1 outline-none">
      <div className="mx-auto grid w-full max-w-md gap-6 px-4 py-10 sm:py-16">
        <Card className="grid gap-6 p-5 sm:p-8">
          <div className="grid gap-2">
            <h1 className="font-display text-3xl font-semibold tracking-tight">{title}</h1>
            <p className="text-sm text-muted-foreground">{token ? t('auth.reset.setIntro') : t('auth.reset.requestIntro')}</p>
          </div>
          {token ? <ResetPasswordForm token={token} onInvalidToken={() => setSearchParams({}, { replace: true })} /> : <RequestResetForm />}
        </Card>
        <p className="text-center text-sm text-muted-foreground">
          <Link to={paths.login.getHref()} className="font-medium text-accent underline-offset-2 hover:underline">
            {t('auth.reset.backToSignIn')}
          </Link>
        </p>
      </div>
    </main>
  );
}
