import { CheckCircle2, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { useAuth } from '@/lib/auth';

/** Where the confirmation mail's link lands: `?error=` (TOKEN_EXPIRED, INVALID_TOKEN…) when it did not work. */
export default function EmailVerifiedRoute() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const { user } = useAuth();
  const failed = searchParams.has('error');
  const title = failed ? t('auth.verify.failedTitle') : t('auth.verify.doneTitle');
  useDocumentMeta({ title });
  const onward = user ? paths.myShelf.getHref() : paths.login.getHref();

  return (
    <main id="main" tabIndex={-1} className="flex-1 outline-none">
      <div className="mx-auto grid w-full max-w-md px-4 py-10 sm:py-16">
        <Card className="grid gap-5 p-5 sm:p-8">
          <h1 className="flex items-center gap-3 font-display text-3xl font-semibold tracking-tight">
            {failed ? (
              <TriangleAlert className="size-7 shrink-0 text-danger" aria-hidden="true" />
            ) : (
              <CheckCircle2 className="size-7 shrink-0 text-accent" aria-hidden="true" />
            )}
            {title}
          </h1>
          <p className="text-muted-foreground">{failed ? t('auth.verify.failedText') : t('auth.verify.doneText')}</p>
          <Button asChild size="lg" className="w-full">
            <Link to={onward}>{user ? t('auth.verify.toShelf') : t('auth.verify.toSignIn')}</Link>
          </Button>
        </Card>
      </div>
    </main>
  );
}
