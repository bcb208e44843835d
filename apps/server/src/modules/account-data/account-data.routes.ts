import { Hono } from 'hono';
import type { Auth } from '../../auth/auth';
import { implement } from '../../lib/functions';
import type { AccountDataService } from './account-data.service';

export const accountDataFunctions = (accountData: AccountDataService) =>
  implement({
    'account-export-request': (_input, { user }) => accountData.requestExport(user.id),
    'account-export-status': (_input, { user }) => accountData.status(user.id),
    'account-delete-code': (_input, { user }) => accountData.sendDeletionCode(user.id),
    'account-delete-request': (input, { user, headers }) => accountData.requestDeletion(user.id, input, headers),
    'account-deletion-notice': (_input, { user }) => accountData.takeDeletionNotice(user.id),
  });

/**
 * `GET /storage/v1/exports/{token}`: the archive, as an attachment, for its signed-in owner. Without a
 * session the browser goes to the account page, which asks to sign in and then offers the download.
 */
export function exportDownloadRouter(auth: Auth, accountData: AccountDataService) {
  const router = new Hono();
  router.get('/:token', async (c) => {
    const session = await auth.api.getSession({ headers: c.req.raw.headers });
    if (!session) return c.redirect('/settings/account#data', 302);
    const { bytes, fileName } = await accountData.download(c.req.param('token'), session.user.id);
    return new Response(new Uint8Array(bytes), {
      status: 200,
      headers: {
        'content-type': 'application/zip',
        'content-length': String(bytes.byteLength),
        'content-disposition': `attachment; filename="${fileName}"`,
        'cache-control': 'private, no-store',
      },
    });
  });
  return router;
}
