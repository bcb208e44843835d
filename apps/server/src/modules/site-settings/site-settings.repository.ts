import { eq, inArray } from 'drizzle-orm';
import { siteSettings } from '../../db/schema';
import type { Executor } from '../../db/types';

export const SETTING_KEYS = ['beta_open', 'maintenance_mode', 'maintenance_status_url', 'announcement', 'credit_refill'] as const;
export type SettingKey = (typeof SETTING_KEYS)[number];

export function siteSettingsRepository(db: Executor) {
  return {
    async getMany(keys: readonly SettingKey[]): Promise<Partial<Record<SettingKey, unknown>>> {
      const rows = await db
        .select()
        .from(siteSettings)
        .where(inArray(siteSettings.key, [...keys]));
      return Object.fromEntries(rows.map((r) => [r.key, r.value]));
    },
    async remove(key: SettingKey) {
      await db.delete(siteSettings).where(eq(siteSettings.key, key));
    },
    async set(key: SettingKey, value: unknown, updatedBy: string | null) {
      await db
        .insert(siteSettings)
        .values({ key, value, updatedBy })
        .onConflictDoUpdate({ target: siteSettings.key, set: { value, updatedBy, updatedAt: new Date() } });
    },
  };
}
