import { Shield } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

export function AdminLink() {
  const { t } = useTranslation();
  return (
    <Button asChild variant="ghost" size="sm" className="max-sm:w-11 max-sm:px-0">
      <Link to={paths.future.admin.getHref()}>
        <Shield className="size-5" aria-hidden="true" />
        <span className="max-sm:sr-only">{t('nav.admin')}</span>
      </Link>
    </Button>
  );
}
