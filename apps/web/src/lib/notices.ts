import type { Notifier } from './api-client';

type Notice = { kind: keyof Notifier; text: string };

let host: Notifier | null = null;
let requestHost: (() => void) | null = null;
const waiting: Notice[] = [];

function hold(notice: Notice): void {
  waiting.push(notice);
  requestHost?.();
}

/**
 * Notices raised before the notification host has loaded wait here. The host is a lazy chunk
 * loaded with the first notice, so the sign-in page does not pay for antd's notification code
 * on its first load.
 */
export const notices: Notifier = {
  success: (text) => (host ? host.success(text) : hold({ kind: 'success', text })),
  warning: (text) => (host ? host.warning(text) : hold({ kind: 'warning', text })),
  error: (text) => (host ? host.error(text) : hold({ kind: 'error', text })),
};

/** The app shell says how to load the host; called when a notice waits and none is loaded. */
export function onNoticeWaiting(load: (() => void) | null): void {
  requestHost = load;
  if (load && waiting.length > 0) load();
}

export function attachNoticeHost(next: Notifier | null): void {
  host = next;
  if (!host) return;
  for (const { kind, text } of waiting.splice(0)) host[kind](text);
}
