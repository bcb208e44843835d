import type { SVGProps } from 'react';

/** Empty-state drawing for a search with no results: a magnifying glass over an empty plinth. Decorative. */
export function EmptySearch(props: SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 160 120" fill="none" aria-hidden="true" focusable="false" {...props}>
      <rect x="46" y="66" width="56" height="34" rx="4" className="fill-surface-sunken stroke-border-strong" strokeWidth="2.5" />
      <rect x="40" y="60" width="68" height="8" rx="3" className="fill-wood" />
      <rect x="40" y="66" width="68" height="3" rx="1.5" className="fill-wood-edge" />
      <circle cx="94" cy="36" r="18" className="fill-surface stroke-accent" strokeWidth="4" />
      <path d="M107 49l14 14" className="stroke-accent" strokeWidth="6" strokeLinecap="round" />
      <path d="M87 31c2-4 7-6 11-4" className="stroke-border-strong" strokeWidth="2.5" strokeLinecap="round" />
      <path d="M24 40l4 4m0-4l-4 4M132 92l3 3m0-3l-3 3M30 86l3 3m0-3l-3 3" className="stroke-muted-foreground" strokeWidth="1.8" strokeLinecap="round" />
      <ellipse cx="74" cy="106" rx="46" ry="3" className="fill-foreground" opacity="0.08" />
    </svg>
  );
}
