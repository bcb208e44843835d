import type { Style } from '@curio/contract';
import type { SVGProps } from 'react';

/**
 * Sample thumbnails for the five styles, drawn in the repo. They show the look of each scene, so they
 * keep their own colours in both themes. Decorative (the card's text names the style).
 */

/** A small toy robot, the stand-in subject of every sample. */
function Toy({
  x,
  y,
  scale = 1,
  body = '#d9734a',
  trim = '#2a211b',
  outline,
}: {
  x: number;
  y: number;
  scale?: number;
  body?: string;
  trim?: string;
  outline?: string;
}) {
  const stroke = outline ? { stroke: outline, strokeWidth: 2.2, strokeLinejoin: 'round' as const } : {};
  return (
    <g transform={`translate(${x} ${y}) scale(${scale})`}>
      <rect x="-3" y="-46" width="6" height="6" rx="1" fill={trim} />
      <circle cx="0" cy="-47" r="2.6" fill={body} {...stroke} />
      <rect x="-12" y="-40" width="24" height="17" rx="4" fill={body} {...stroke} />
      <circle cx="-5" cy="-32" r="2.6" fill="#fff8ee" />
      <circle cx="5" cy="-32" r="2.6" fill="#fff8ee" />
      <rect x="-15" y="-22" width="30" height="16" rx="3" fill={body} {...stroke} />
      <rect x="-6" y="-18" width="12" height="6" rx="1.5" fill={trim} opacity="0.8" />
      <rect x="-20" y="-21" width="5" height="12" rx="2" fill={body} {...stroke} />
      <rect x="15" y="-21" width="5" height="12" rx="2" fill={body} {...stroke} />
      <rect x="-11" y="-6" width="8" height="6" rx="1.5" fill={trim} {...stroke} />
      <rect x="3" y="-6" width="8" height="6" rx="1.5" fill={trim} {...stroke} />
    </g>
  );
}

function BookshelfHero(props: SVGProps<SVGSVGElement>) {
  const books = [
    { x: 8, w: 9, h: 44, c: '#7c2d12' },
    { x: 18, w: 7, h: 50, c: '#365314' },
    { x: 26, w: 10, h: 40, c: '#1e3a5f' },
    { x: 37, w: 6, h: 47, c: '#a16207' },
    { x: 112, w: 8, h: 46, c: '#581c87' },
    { x: 121, w: 10, h: 52, c: '#7c2d12' },
    { x: 132, w: 7, h: 42, c: '#1e3a5f' },
    { x: 140, w: 11, h: 49, c: '#365314' },
  ];
  return (
    <svg viewBox="0 0 160 120" aria-hidden="true" focusable="false" {...props}>
      <defs>
        <radialGradient id="bh-glow" cx="0.5" cy="0.55" r="0.6">
          <stop offset="0" stopColor="#f7c77e" stopOpacity="0.9" />
          <stop offset="1" stopColor="#5b3a22" stopOpacity="0" />
        </radialGradient>
      </defs>
      <rect width="160" height="120" fill="#4a2f1d" />
      <rect width="160" height="120" fill="url(#bh-glow)" />
      <rect x="0" y="36" width="160" height="5" fill="#8a5a35" />
      {books.map((b) => (
        <g key={b.x}>
          <rect x={b.x} y={92 - b.h} width={b.w} height={b.h} rx="1" fill={b.c} />
          <rect x={b.x + 1.5} y={92 - b.h + 6} width={b.w - 3} height="2" fill="#e8c98e" opacity="0.7" />
        </g>
      ))}
      <rect x="108" y="58" width="4" height="34" rx="1" fill="#a16207" transform="rotate(-12 110 92)" />
      <Toy x={80} y={92} scale={0.95} />
      <rect x="0" y="92" width="160" height="9" fill="#b07a4a" />
      <rect x="0" y="99" width="160" height="4" fill="#7a5130" />
      <rect x="0" y="103" width="160" height="17" fill="#3a2416" />
    </svg>
  );
}

function BrightGallery(props: SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 160 120" aria-hidden="true" focusable="false" {...props}>
      <defs>
        <linearGradient id="bg-beam" x1="0.5" y1="0" x2="0.5" y2="1">
          <stop offset="0" stopColor="#fff6d8" stopOpacity="0.95" />
          <stop offset="1" stopColor="#fff6d8" stopOpacity="0" />
        </linearGradient>
      </defs>
      <rect width="160" height="120" fill="#f4f2ee" />
      <rect y="96" width="160" height="24" fill="#e3ded6" />
      <rect x="72" y="0" width="16" height="6" rx="2" fill="#3b3b3b" />
      <path d="M74 6 L86 6 L112 96 L48 96 Z" fill="url(#bg-beam)" />
      <ellipse cx="80" cy="96" rx="30" ry="4" fill="#fff3c4" opacity="0.9" />
      <rect x="62" y="78" width="36" height="18" rx="1" fill="#ffffff" stroke="#d6d0c6" />
      <Toy x={80} y={78} scale={0.72} body="#4f7fb8" />
      <rect x="118" y="60" width="24" height="14" rx="1" fill="#ffffff" stroke="#d6d0c6" />
      <rect x="121" y="64" width="16" height="2" fill="#8a8378" />
      <rect x="121" y="68" width="11" height="2" fill="#b9b2a7" />
    </svg>
  );
}

function MangaHalftone(props: SVGProps<SVGSVGElement>) {
  const lines = Array.from({ length: 28 }, (_, i) => (i / 28) * Math.PI * 2);
  return (
    <svg viewBox="0 0 160 120" aria-hidden="true" focusable="false" {...props}>
      <defs>
        <pattern id="mh-dots" width="6" height="6" patternUnits="userSpaceOnUse">
          <circle cx="3" cy="3" r="1.4" fill="#1a1a1a" />
        </pattern>
        <radialGradient id="mh-fade" cx="0.5" cy="0.5" r="0.7">
          <stop offset="0.35" stopColor="#fff" />
          <stop offset="1" stopColor="#000" />
        </radialGradient>
        <mask id="mh-mask">
          <rect width="160" height="120" fill="url(#mh-fade)" />
        </mask>
      </defs>
      <rect width="160" height="120" fill="#fbfaf6" />
      <g stroke="#1a1a1a" strokeLinecap="round">
        {lines.map((a, i) => (
          <line
            key={i}
            x1={80 + Math.cos(a) * 34}
            y1={62 + Math.sin(a) * 30}
            x2={80 + Math.cos(a) * 110}
            y2={62 + Math.sin(a) * 100}
            strokeWidth={i % 3 === 0 ? 2.4 : 1.1}
          />
        ))}
      </g>
      <rect width="160" height="120" fill="url(#mh-dots)" opacity="0.35" mask="url(#mh-mask)" />
      <Toy x={80} y={100} scale={1.1} body="#ffffff" trim="#1a1a1a" outline="#1a1a1a" />
      <path d="M112 22 l8 -10 l2 12 l10 -4 l-6 10 l10 4 l-12 2" fill="none" stroke="#1a1a1a" strokeWidth="2" strokeLinejoin="round" />
    </svg>
  );
}

function MuseumBrick(props: SVGProps<SVGSVGElement>) {
  const rows = Array.from({ length: 12 }, (_, r) => r);
  return (
    <svg viewBox="0 0 160 120" aria-hidden="true" focusable="false" {...props}>
      <rect width="160" height="120" fill="#8e4a34" />
      <g stroke="#c9a88f" strokeWidth="1.2" opacity="0.75">
        {rows.map((r) => (
          <g key={r}>
            <line x1="0" y1={r * 9} x2="160" y2={r * 9} />
            {Array.from({ length: 9 }, (_, c) => {
              const x = c * 20 + (r % 2 ? 10 : 0);
              return <line key={c} x1={x} y1={r * 9} x2={x} y2={r * 9 + 9} />;
            })}
          </g>
        ))}
      </g>
      <rect width="160" height="120" fill="#2a140c" opacity="0.25" />
      <ellipse cx="80" cy="40" rx="46" ry="40" fill="#ffdca8" opacity="0.22" />
      <rect x="56" y="80" width="48" height="40" fill="#e9e2d6" />
      <rect x="52" y="76" width="56" height="6" fill="#f6f1e8" />
      <Toy x={80} y={76} scale={0.78} body="#3f6f5a" />
      <rect x="116" y="86" width="30" height="16" rx="1" fill="#f3ead7" />
      <rect x="120" y="90" width="20" height="2" fill="#6b5d52" />
      <rect x="120" y="95" width="14" height="2" fill="#9a8c80" />
      <rect y="114" width="160" height="6" fill="#3a2a22" />
    </svg>
  );
}

function DeskPrototype(props: SVGProps<SVGSVGElement>) {
  const grid = Array.from({ length: 17 }, (_, i) => i * 10);
  return (
    <svg viewBox="0 0 160 120" aria-hidden="true" focusable="false" {...props}>
      <defs>
        <radialGradient id="dp-lamp" cx="0.62" cy="0.35" r="0.55">
          <stop offset="0" stopColor="#fff8dc" stopOpacity="0.55" />
          <stop offset="1" stopColor="#fff8dc" stopOpacity="0" />
        </radialGradient>
      </defs>
      <rect width="160" height="120" fill="#2f7d57" />
      <g stroke="#9fd3b6" strokeWidth="0.7" opacity="0.6">
        {grid.map((v) => (
          <line key={`v${v}`} x1={v} y1="0" x2={v} y2="120" />
        ))}
        {grid.map((v) => (
          <line key={`h${v}`} x1="0" y1={v} x2="160" y2={v} />
        ))}
      </g>
      <g stroke="#d8f0e2" strokeWidth="1.4" opacity="0.85">
        <line x1="0" y1="110" x2="160" y2="110" />
        <line x1="10" y1="0" x2="10" y2="120" />
        {grid.map((v) => (
          <line key={`t${v}`} x1={v} y1="110" x2={v} y2={v % 50 === 0 ? 104 : 107} />
        ))}
      </g>
      <rect width="160" height="120" fill="url(#dp-lamp)" />
      <ellipse cx="84" cy="92" rx="24" ry="4" fill="#0b2a1c" opacity="0.45" />
      <Toy x={84} y={92} scale={1} body="#e0b040" />
      <rect x="122" y="78" width="26" height="5" rx="2" fill="#c9ced6" transform="rotate(-30 135 80)" />
      <rect x="30" y="84" width="22" height="3" rx="1.5" fill="#e2e2e2" transform="rotate(18 41 85)" />
    </svg>
  );
}

const ILLUSTRATIONS: Record<Style, (props: SVGProps<SVGSVGElement>) => React.JSX.Element> = {
  bookshelf_hero: BookshelfHero,
  bright_gallery: BrightGallery,
  manga_halftone: MangaHalftone,
  museum_brick_exhibit: MuseumBrick,
  desk_figure_prototype: DeskPrototype,
};

export function StyleIllustration({ name, ...props }: { name: Style } & Omit<SVGProps<SVGSVGElement>, 'name'>) {
  const Illustration = ILLUSTRATIONS[name];
  return <Illustration {...props} />;
}
