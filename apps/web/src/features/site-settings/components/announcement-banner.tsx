import { AnnouncementBar } from '@/components/layout/announcement-bar';
import { usePublicSiteSettings } from '@/lib/public-site-settings';

/** The site-wide announcement at the very top of the page. */
export function AnnouncementBanner() {
  const { data } = usePublicSiteSettings();
  const announcement = data?.announcement ?? null;
  if (!announcement) return null;
  return <AnnouncementBar key={announcement.title} announcement={announcement} />;
}
