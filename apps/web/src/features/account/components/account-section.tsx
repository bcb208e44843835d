import type { ComponentType, ReactNode, SVGProps } from 'react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';

/**
 * One section of /settings/account: a titled region card whose id is the contents list's anchor
 * (scrolled to clear the sticky header).
 */
export function AccountSection({
  id,
  testId,
  icon: Icon,
  title,
  description,
  className,
  children,
}: {
  id: string;
  testId: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  title: string;
  description: string;
  /** Classes for the content grid (its gap is 6 unless given). */
  className?: string;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Card aria-labelledby={titleId} role="region" id={id} className="scroll-mt-24" data-testid={testId}>
      <CardHeader>
        <CardTitle id={titleId} className="flex items-center gap-2">
          <Icon className="size-5 text-accent" aria-hidden="true" />
          {title}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className={cn('grid gap-6', className)}>{children}</CardContent>
    </Card>
  );
}

/** A section's data could not be loaded: what failed, and a retry. */
export function SectionLoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-danger-bg px-3.5 py-2.5 text-sm font-medium text-danger-fg">
      {message}
      <Button variant="secondary" size="sm" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </div>
  );
}
