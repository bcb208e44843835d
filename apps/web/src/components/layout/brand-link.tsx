import { Link } from 'react-router';
import { env } from '@/config/env';
import { cn } from '@/lib/utils';

export function BrandMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" className={cn('size-8', className)}>
      <rect width="32" height="32" rx="8" className="fill-accent" />
      <path d="M7 9.5h18M7 17h18M7 24.5h18" className="stroke-accent-foreground" strokeWidth="2.2" strokeLinecap="round" />
      <rect x="10" y="11" width="4" height="5" rx="1" className="fill-accent-foreground" />
      <circle cx="20" cy="14" r="2.3" className="fill-accent-foreground" />
      <rect x="16.5" y="19" width="6" height="5" rx="1" className="fill-accent-foreground" />
    </svg>
  );
}

/** The product name; it leads to `to` (the shelf for signed-in users on the landing page, else home). */
export function BrandLink({ to, label }: { to: string; label: string }) {
  return (
    <Link to={to} aria-label={label} className="-mx-1 inline-flex min-h-11 items-center gap-2.5 rounded-lg px-1">
      <BrandMark />
      <span className="font-brand text-xl font-semibold tracking-tight" aria-hidden="true">
        {env.appName}
      </span>
    </Link>
  );
}
