import { LogIn, ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useAuth, useSignInHref } from '@/lib/auth';

/**
 * "Access Denied" for a page that only some roles may open (admin panel, moderation). A guest is
 * told so too, rather than sent away without a word, and offered Sign in, which comes back to this
 * very page (`/login?next=`); a signed-in person without the role gets the way home.
 */
export function AccessDeniedCard({ title, text, testId }: { title: string; text: string; testId: string }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const signIn = useSignInHref();
  return (
    <div className="mx-auto grid max-w-md justify-items-center gap-4 py-16 text-center" data-testid={testId}>
      <ShieldAlert className="size-12 text-muted-foreground" aria-hidden="true" />
      <h1 className="font-display text-3xl font-semibold tracking-tight">{title}</h1>
      <p className="text-muted-foreground">{text}</p>
      {user ? null : <p className="text-sm text-muted-foreground">{t('common.signInForAccess')}</p>}
      <div className="flex flex-wrap justify-center gap-3">
        {user ? null : (
          <Link to={signIn} className={buttonVariants()} data-testid="access-denied-sign-in">
            <LogIn aria-hidden="true" />
            {t('nav.signIn')}
          </Link>
        )}
        <Link to={paths.home.getHref()} className={buttonVariants({ variant: 'secondary' })}>
          {t('notFound.home')}
        </Link>
      </div>
    </div>
  );
}
