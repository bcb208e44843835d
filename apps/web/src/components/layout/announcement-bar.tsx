import { STORAGE_KEYS, type PublicAnnouncement } from '@curio/contract';
import { AlertTriangle, ExternalLink, Info, OctagonAlert, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '@/lib/i18n';
import { cn } from '@/lib/utils';

const SEVERITY = {
  info: { className: 'bg-info-bg text-info-fg', Icon: Info },
  warning: { className: 'bg-warning-bg text-warning-fg', Icon: AlertTriangle },
  danger: { className: 'bg-danger-bg text-danger-fg', Icon: OctagonAlert },
} as const;

function isDismissed(title: string) {
  try {
    return localStorage.getItem(STORAGE_KEYS.announcementDismissed(title)) === '1';
  } catch {
    return false;
  }
}

export function announcementText(announcement: PublicAnnouncement, language: string) {
  return language === 'zh-CN' && announcement.textZh ? announcement.textZh : announcement.text;
}

/**
 * The banner itself. `preview` (the admin panel) draws it in a given language, never hidden by an
 * earlier dismissal, and its dismiss button does nothing.
 */
export function AnnouncementBar({ announcement, preview }: { announcement: PublicAnnouncement; preview?: { language: string } }) {
  const { t } = useTranslation();
  const [dismissed, setDismissed] = useState(() => !preview && isDismissed(announcement.title));
  const ref = useRef<HTMLDivElement>(null);
  // The banner's height, for pages that fill the window (the inbox): `--announcement-height` on the root while it shows.
  useEffect(() => {
    const el = ref.current;
    if (preview || dismissed || !el) return;
    const root = document.documentElement;
    const set = () => root.style.setProperty('--announcement-height', `${el.offsetHeight}px`);
    set();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(set);
    observer?.observe(el);
    return () => {
      observer?.disconnect();
      root.style.removeProperty('--announcement-height');
    };
  }, [preview, dismissed]);
  if (dismissed) return null;
  const { className, Icon } = SEVERITY[announcement.severity] ?? SEVERITY.info;
  const lang = preview?.language ?? currentLanguage();
  const text = announcementText(announcement, lang);
  const Wrapper = preview ? 'div' : 'section';

  const dismiss = () => {
    if (preview) return;
    setDismissed(true);
    try {
      localStorage.setItem(STORAGE_KEYS.announcementDismissed(announcement.title), '1');
    } catch {
      /* storage unavailable */
    }
  };

  return (
    // A preview is not a landmark of the admin page (two of them would be indistinguishable regions).
    <Wrapper
      ref={ref}
      aria-label={preview ? undefined : t('announcement.label')}
      lang={preview ? preview.language : undefined}
      className={cn('relative text-sm', preview && 'rounded-lg', className)}
      data-testid={preview ? undefined : 'announcement-banner'}
    >
      <div className="mx-auto flex w-full max-w-content items-start gap-3 px-4 py-2.5 sm:items-center sm:px-6">
        <Icon className="mt-0.5 size-4 shrink-0 sm:mt-0" aria-hidden="true" />
        <p className="min-w-0 flex-1 leading-snug">
          <span>{text}</span>
          {announcement.linkUrl ? (
            <>
              {' '}
              <a
                href={announcement.linkUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1 font-semibold underline underline-offset-2"
              >
                {t('announcement.learnMore')}
                <ExternalLink className="size-3.5" aria-hidden="true" />
                <span className="sr-only">{t('common.opensInNewTab')}</span>
              </a>
            </>
          ) : null}
        </p>
        {announcement.dismissible ? (
          <button
            type="button"
            onClick={dismiss}
            aria-label={t('announcement.dismiss')}
            className="-my-2 -mr-2 inline-flex size-11 shrink-0 cursor-pointer items-center justify-center rounded-lg hover:bg-black/5 dark:hover:bg-white/10"
          >
            <X className="size-4" aria-hidden="true" />
          </button>
        ) : null}
      </div>
    </Wrapper>
  );
}
