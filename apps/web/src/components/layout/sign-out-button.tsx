import { Loader2, LogOut } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { errorMessageKey } from '@/lib/error-messages';
import { useAuth } from '@/lib/auth';

export function SignOutButton() {
  const { t } = useTranslation();
  const { signOut } = useAuth();
  const [pending, setPending] = useState(false);
  const onClick = async () => {
    setPending(true);
    try {
      await signOut();
    } catch (error) {
      toast.error(t(errorMessageKey(error)));
      setPending(false);
    }
  };
  return (
    <Button variant="secondary" size="sm" onClick={onClick} disabled={pending} className="ml-1 max-sm:w-11 max-sm:px-0">
      {pending ? <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" /> : <LogOut aria-hidden="true" />}
      <span className="max-sm:sr-only">{t('nav.signOut')}</span>
    </Button>
  );
}
