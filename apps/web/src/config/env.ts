import { APP_NAME_DEFAULT } from '@curio/contract';

/** Environment read once. Only VITE_-prefixed variables reach the browser. */
export const env = {
  appName: (import.meta.env.VITE_APP_NAME as string | undefined) || APP_NAME_DEFAULT,
  isDev: import.meta.env.DEV,
} as const;
