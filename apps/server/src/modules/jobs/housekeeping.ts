import type { AnalyticsService } from '../analytics/analytics.service';
import type { CreditsService } from '../credits/credits.service';
import type { EventsService } from '../events/events.service';
import type { ExploreService } from '../explore/explore.service';
import type { ImagesService } from '../images/images.service';
import type { InvitesService } from '../invites/invites.service';
import type { ItemPagesService } from '../items/item-pages.service';
import { QUEUES, type Jobs } from './jobs';

/** The scheduled clean-ups; each is a service function, the job only calls it. */
export function handleHousekeeping(
  jobs: Jobs,
  services: {
    analytics: AnalyticsService;
    invites: InvitesService;
    itemPages: ItemPagesService;
    images: ImagesService;
    events: EventsService;
    credits: CreditsService;
    explore: ExploreService;
  },
) {
  jobs.handle(QUEUES.analyticsRetention.name, () => services.analytics.applyRetention());
  jobs.handle(QUEUES.invitesExpire.name, async () => ({ expired: await services.invites.expireCodes() }));
  jobs.handle(QUEUES.draftsCleanup.name, async () => ({ removed: await services.itemPages.removeAbandonedDrafts() }));
  jobs.handle(QUEUES.variantsCleanup.name, async () => ({ removed: await services.itemPages.removeUnchosenVariants() }));
  jobs.handle(QUEUES.uploadsCleanup.name, async () => ({ deleted: await services.images.removeUnusedUploadTokens() }));
  jobs.handle(QUEUES.eventsPrune.name, async () => ({ deleted: await services.events.prune() }));
  jobs.handle(QUEUES.creditsRefill.name, () => services.credits.applyRefills());
  jobs.handle(QUEUES.exploreRollup.name, () => services.explore.rollUp());
}
