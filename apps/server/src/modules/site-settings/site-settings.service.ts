import {
  announcementSettingSchema,
  CREDIT_REFILL_DEFAULT,
  creditRefillSchema,
  type AdminSettingsUpdate,
  type AnnouncementSetting,
  type CreditRefill,
  type PublicAnnouncement,
  type PublicSiteSettings,
} from '@curio/contract';
import type { Db } from '../../db/client';
import type { DomainEvents } from '../events/domain-events';
import { siteSettingsRepository, SETTING_KEYS } from './site-settings.repository';

export interface SiteSettings {
  betaOpen: boolean;
  maintenanceMode: boolean;
  maintenanceStatusUrl: string | null;
  announcement: AnnouncementSetting | null;
  /** The credit allowance (CREDIT_REFILL_DEFAULT until an admin sets one; an amount of 0 is off). */
  creditRefill: CreditRefill;
}

/** Only http(s) links are ever handed out (an older or hand-edited value may be anything). */
const httpLink = (value: unknown): string | null => (typeof value === 'string' && /^https?:\/\/[^\s]+$/i.test(value) ? value : null);

/** The stored announcement as the browser receives it, or null outside its start/end window. */
export function toPublicAnnouncement(a: AnnouncementSetting | null, now = new Date()): PublicAnnouncement | null {
  if (!a) return null;
  if (a.startsAt && new Date(a.startsAt) > now) return null;
  if (a.endsAt && new Date(a.endsAt) <= now) return null;
  return {
    title: a.title,
    text: a.textEn,
    textZh: a.textZh ?? null,
    locale: 'en',
    linkUrl: a.linkUrl ?? null,
    dismissible: a.dismissible,
    severity: a.severity,
  };
}

/**
 * `oidcName`: the external sign-in provider's name when one is configured (the login page shows its button).
 * `domainEvents`: `site-settings.changed` is published once an update is stored (open tabs read the settings again).
 */
export function createSiteSettingsService(db: Db, options: { oidcName?: string | null; domainEvents: Pick<DomainEvents, 'publish'> }) {
  const repo = siteSettingsRepository(db);
  const service = {
    async get(): Promise<SiteSettings> {
      const raw = await repo.getMany(SETTING_KEYS);
      const announcement = announcementSettingSchema.safeParse(raw.announcement);
      const creditRefill = creditRefillSchema.safeParse(raw.credit_refill);
      return {
        // A missing beta_open setting means the beta is open.
        betaOpen: typeof raw.beta_open === 'boolean' ? raw.beta_open : true,
        maintenanceMode: raw.maintenance_mode === true,
        maintenanceStatusUrl: httpLink(raw.maintenance_status_url),
        announcement: announcement.success ? announcement.data : null,
        creditRefill: creditRefill.success ? creditRefill.data : { ...CREDIT_REFILL_DEFAULT },
      };
    },
    async getPublic(): Promise<PublicSiteSettings> {
      const s = await service.get();
      return {
        beta_open: s.betaOpen,
        maintenanceMode: s.maintenanceMode,
        announcement: toPublicAnnouncement(s.announcement),
        ...(s.maintenanceStatusUrl ? { maintenanceStatusUrl: s.maintenanceStatusUrl } : {}),
        ...(options.oidcName ? { oidc: { name: options.oidcName } } : {}),
      };
    },
    async update(input: AdminSettingsUpdate, userId: string | null) {
      if (input.betaOpen !== undefined) await repo.set('beta_open', input.betaOpen, userId);
      if (input.maintenanceMode !== undefined) await repo.set('maintenance_mode', input.maintenanceMode, userId);
      if (input.maintenanceStatusUrl === null) await repo.remove('maintenance_status_url');
      else if (input.maintenanceStatusUrl !== undefined) await repo.set('maintenance_status_url', input.maintenanceStatusUrl, userId);
      if (input.announcement === null) await repo.remove('announcement');
      else if (input.announcement !== undefined) await repo.set('announcement', input.announcement, userId);
      if (input.creditRefill !== undefined) await repo.set('credit_refill', input.creditRefill, userId);
      void options.domainEvents.publish('site-settings.changed', {});
      return service.get();
    },
  };
  return service;
}
export type SiteSettingsService = ReturnType<typeof createSiteSettingsService>;
