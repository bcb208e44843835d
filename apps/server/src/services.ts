import type { Db } from './db/client';
import type { Env } from './env';
import { createAnalyticsService } from './modules/analytics/analytics.service';
import { createCreditsService } from './modules/credits/credits.service';
import { createInvitesService } from './modules/invites/invites.service';
import { createProfilesService } from './modules/profiles/profiles.service';
import { createRolesService } from './modules/roles/roles.service';
import { createShelvesService } from './modules/shelves/shelves.service';
import { createSiteSettingsService } from './modules/site-settings/site-settings.service';

/** Wires every module's service to the database and configuration. */
export function createServices(db: Db, env: Env) {
  const roles = createRolesService(db, { adminEmails: env.ADMIN_EMAILS });
  const credits = createCreditsService(db, { signupCredits: env.SIGNUP_CREDITS });
  const settings = createSiteSettingsService(db);
  const invites = createInvitesService(db, { defaultPrefix: env.INVITE_PREFIX });
  const profiles = createProfilesService(db, { roles, credits, invites, settings });
  const shelves = createShelvesService(db);
  const analytics = createAnalyticsService(db);
  return { roles, credits, settings, invites, profiles, shelves, analytics };
}
export type Services = ReturnType<typeof createServices>;
