import type { SVGProps } from 'react';

/** Private profile: a closed cabinet with a small padlock. Decorative. */
export function PadlockCabinet(props: SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 200 150" fill="none" aria-hidden="true" focusable="false" {...props}>
      <rect x="40" y="14" width="120" height="124" rx="8" className="fill-wood-edge" />
      <rect x="48" y="22" width="50" height="108" rx="3" className="fill-cabinet" />
      <rect x="102" y="22" width="50" height="108" rx="3" className="fill-cabinet" />
      <rect x="52" y="60" width="42" height="4" rx="1" className="fill-wood" />
      <rect x="106" y="60" width="42" height="4" rx="1" className="fill-wood" />
      <rect x="52" y="98" width="42" height="4" rx="1" className="fill-wood" />
      <rect x="106" y="98" width="42" height="4" rx="1" className="fill-wood" />
      <path d="M92 72v-8a8 8 0 0 1 16 0v8" className="stroke-foreground" strokeWidth="3" strokeLinecap="round" />
      <rect x="86" y="72" width="28" height="22" rx="4" className="fill-accent" />
      <circle cx="100" cy="82" r="3" className="fill-accent-foreground" />
      <ellipse cx="100" cy="142" rx="62" ry="4" className="fill-foreground" opacity="0.08" />
    </svg>
  );
}
