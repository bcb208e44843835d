import type { PublicAnnouncement, PublicSiteSettings } from '@curio/contract';
import { useQuery } from '@tanstack/react-query';
import { callFunction } from '@/lib/api-client';
import { siteKeys } from '@/lib/query-keys';

const SEVERITIES = new Set(['info', 'warning', 'danger']);

/** The contract's publicAnnouncementSchema, checked by hand (zod stays out of the first bundle). */
export function toAnnouncement(value: unknown): PublicAnnouncement | null {
  if (!value || typeof value !== 'object') return null;
  const a = value as Record<string, unknown>;
  if (typeof a.title !== 'string' || typeof a.text !== 'string' || !a.text) return null;
  return {
    title: a.title,
    text: a.text,
    textZh: typeof a.textZh === 'string' && a.textZh ? a.textZh : null,
    locale: typeof a.locale === 'string' ? a.locale : 'en',
    linkUrl: typeof a.linkUrl === 'string' && /^https?:\/\//i.test(a.linkUrl) ? a.linkUrl : null,
    dismissible: a.dismissible !== false,
    severity: SEVERITIES.has(a.severity as string) ? (a.severity as PublicAnnouncement['severity']) : 'info',
  };
}

/** The external sign-in provider, when the server names one. */
function toOidc(value: unknown): { name: string } | null {
  if (!value || typeof value !== 'object') return null;
  const name = (value as Record<string, unknown>).name;
  return typeof name === 'string' && name.trim() ? { name: name.trim() } : null;
}

/** Reads the public settings; `beta_open` missing means open. A failure is only logged and reads as "no settings". */
export async function getPublicSiteSettings(): Promise<PublicSiteSettings | null> {
  try {
    const data: Record<string, unknown> | null = await callFunction('public-site-settings', undefined, { method: 'GET' });
    if (!data || typeof data !== 'object') return null;
    return {
      beta_open: typeof data.beta_open === 'boolean' ? data.beta_open : true,
      maintenanceMode: data.maintenanceMode === true,
      announcement: toAnnouncement(data.announcement),
      maintenanceStatusUrl: typeof data.maintenanceStatusUrl === 'string' && /^https?:\/\//i.test(data.maintenanceStatusUrl) ? data.maintenanceStatusUrl : null,
      oidc: toOidc(data.oidc),
    };
  } catch (error) {
    console.warn('[site-settings] could not load public site settings', error);
    return null;
  }
}

export function usePublicSiteSettings() {
  // Open tabs follow an admin's change (maintenance, announcement) within a minute, and at once on focus.
  return useQuery({
    queryKey: siteKeys.settings(),
    queryFn: getPublicSiteSettings,
    staleTime: 30_000,
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
    retry: false,
  });
}
