import type { Handlers } from './lib/functions';
import { accountDataFunctions } from './modules/account-data/account-data.routes';
import { accountSessionsFunctions } from './modules/account-sessions/account-sessions.routes';
import type { AdminAccountsService } from './modules/admin-users/admin-accounts.service';
import { adminAccountsFunctions, adminUsersFunctions } from './modules/admin-users/admin-users.routes';
import { analyticsFunctions } from './modules/analytics/analytics.routes';
import { blocksFunctions } from './modules/blocks/blocks.routes';
import { wantedFunctions } from './modules/wanted/wanted.routes';
import { commentsFunctions } from './modules/comments/comments.routes';
import { creditsFunctions } from './modules/credits/credits.routes';
import { dmcaFunctions } from './modules/dmca/dmca.routes';
import { discoveryFunctions } from './modules/discovery/discovery.routes';
import { exploreFunctions } from './modules/explore/explore.routes';
import { feedbackFunctions } from './modules/feedback/feedback.routes';
import { followsFunctions } from './modules/follows/follows.routes';
import { functionStatsFunctions } from './modules/function-stats/function-stats.routes';
import { imagesFunctions } from './modules/images/images.routes';
import { insightsFunctions } from './modules/insights/insights.routes';
import { invitesFunctions } from './modules/invites/invites.routes';
import { itemPagesFunctions } from './modules/items/item-pages.routes';
import { itemsFunctions } from './modules/items/items.routes';
import { jobsFunctions } from './modules/jobs/jobs.routes';
import { ledgerFunctions } from './modules/ledger/ledger.routes';
import { messagesFunctions } from './modules/messages/messages.routes';
import { mfaFunctions } from './modules/mfa/mfa.routes';
import { moderationFunctions } from './modules/moderation/moderation.routes';
import { notificationsFunctions } from './modules/notifications/notifications.routes';
import { oauthClientsFunctions } from './modules/oauth-clients/oauth-clients.routes';
import type { OAuthClientsService } from './modules/oauth-clients/oauth-clients.service';
import { profilesFunctions } from './modules/profiles/profiles.routes';
import { rolesFunctions } from './modules/roles/roles.routes';
import { searchFunctions } from './modules/search/search.routes';
import { settingsFunctions } from './modules/settings/settings.routes';
import { shelvesFunctions } from './modules/shelves/shelves.routes';
import { siteSettingsFunctions } from './modules/site-settings/site-settings.routes';
import { socialFunctions } from './modules/social/social.routes';
import type { Services } from './services';

/**
 * Every function of the contract (`POST /functions/v1/<name>`, packages/contract) and its handler.
 * Each module's `*.routes.ts` implements its functions under the function's own name: to go from a
 * name to its handler, grep for it with a colon, e.g. `'item-get':` (modules/items/item-pages.routes.ts).
 * `satisfies Handlers` makes the typecheck fail while any function of the contract has no handler.
 */
export function functionHandlers(services: Services, more: { adminAccounts: AdminAccountsService; oauthClients: OAuthClientsService }) {
  return {
    ...siteSettingsFunctions(services.settings),
    ...rolesFunctions(services.roles),
    ...invitesFunctions(services.invites),
    ...feedbackFunctions(services.feedback),
    ...profilesFunctions(services.profiles),
    ...shelvesFunctions(services.shelves),
    ...analyticsFunctions(services.analytics),
    ...creditsFunctions(services.credits),
    ...imagesFunctions(services.images),
    ...itemsFunctions(services.items),
    ...ledgerFunctions(services.ledger),
    ...notificationsFunctions(services.notifications),
    ...itemPagesFunctions(services.itemPages),
    ...socialFunctions(services.social),
    ...commentsFunctions(services.comments),
    ...exploreFunctions(services.explore),
    ...discoveryFunctions(services.discovery),
    ...searchFunctions(services.search),
    ...settingsFunctions(services.userSettings),
    ...mfaFunctions(services.mfa),
    ...followsFunctions(services.follows),
    ...blocksFunctions(services.blocks),
    ...messagesFunctions(services.messages),
    ...insightsFunctions(services.insights),
    ...wantedFunctions(services.wanted),
    ...moderationFunctions(services.moderation),
    ...adminUsersFunctions(services.adminUsers),
    ...adminAccountsFunctions(more.adminAccounts),
    ...functionStatsFunctions(services.functionStats),
    ...jobsFunctions(services.jobs),
    ...dmcaFunctions(services.dmca),
    ...accountDataFunctions(services.accountData),
    ...accountSessionsFunctions(services.accountSessions),
    ...oauthClientsFunctions(more.oauthClients),
  } satisfies Handlers;
}
