import { implement } from '../../lib/functions';
import type { ModerationService } from './moderation.service';

/** Reports (signed-in users) and the moderation of reports (moderators; the router checks the role). */
export const moderationFunctions = (moderation: ModerationService) =>
  implement({
    'item-report': (input, { user }) => moderation.reportItem(user.id, input),
    'profile-report': (input, { user }) => moderation.reportProfile(user.id, input),
    'mod-reports-list': (input) => moderation.listReports(input),
    'mod-report-get': ({ reportId }) => moderation.getReport(reportId),
    'mod-report-act': (input, { user }) => moderation.act(user.id, input),
    'mod-actions-list': (input) => moderation.listActions(input),
  });
