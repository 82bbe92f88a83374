import { AUTH_PREFIX } from '../config/app';

/** Only same-origin portal paths are followed after sign-in, so a crafted link cannot send users away. */
export function safeRedirect(value: string | null): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  if (value.startsWith(AUTH_PREFIX)) return '/';
  return value;
}
