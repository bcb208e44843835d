import { ServerErrorPage } from '@/components/errors/server-error-page';

/** /error: the server-error page on its own (where a failed page load can send people). */
export default function ServerErrorRoute() {
  return (
    <ServerErrorPage
      onRetry={() => {
        if (window.history.length > 1) window.history.back();
        else window.location.assign('/');
      }}
    />
  );
}
