import {
  CAMPAIGN_FAILED_STATES,
  type CAMPAIGN_ACTIONS,
  type CampaignState,
  type CampaignTargetState,
} from '@voltline/contract';

/** How a campaign's chargers are grouped in its progress bar, in the bar's order. */
export const PROGRESS_KINDS = ['confirmed', 'active', 'failed', 'pending', 'cancelled'] as const;
export type ProgressKind = (typeof PROGRESS_KINDS)[number];

const ACTIVE: readonly string[] = [
  'sent',
  'Downloading',
  'Downloaded',
  'Installing',
  'Installed',
  // A signed image's steps (SignedFirmwareStatusNotification).
  'DownloadScheduled',
  'DownloadPaused',
  'SignatureVerified',
  'InstallScheduled',
  'InstallRebooting',
];
const PENDING: readonly string[] = ['queued', 'waiting'];

export function progressKind(state: string): ProgressKind {
  if (state === 'confirmed') return 'confirmed';
  if ((CAMPAIGN_FAILED_STATES as readonly string[]).includes(state)) return 'failed';
  if (ACTIVE.includes(state)) return 'active';
  if (PENDING.includes(state)) return 'pending';
  return 'cancelled';
}

export interface ProgressSegment {
  kind: ProgressKind;
  count: number;
  /** Share of the campaign's chargers, 0–100. */
  percent: number;
}

/** The campaign's counts per charger state as bar segments; empty groups are left out. */
export function progressSegments(counts: Record<string, number>, total: number): ProgressSegment[] {
  const sums = new Map<ProgressKind, number>();
  for (const [state, n] of Object.entries(counts))
    if (n > 0) sums.set(progressKind(state), (sums.get(progressKind(state)) ?? 0) + n);
  const whole = Math.max(
    total,
    [...sums.values()].reduce((a, b) => a + b, 0),
  );
  return PROGRESS_KINDS.filter((k) => sums.has(k)).map((kind) => {
    const count = sums.get(kind) ?? 0;
    return { kind, count, percent: whole ? (count / whole) * 100 : 0 };
  });
}

/** What staff may do to a campaign in its state. */
export function campaignActions(state: CampaignState): (typeof CAMPAIGN_ACTIONS)[number][] {
  if (state === 'running') return ['pause', 'cancel'];
  if (state === 'paused') return ['resume', 'cancel'];
  return [];
}

/** A campaign whose chargers may still change, so its screens keep asking. */
export const isLive = (state: CampaignState): boolean => state === 'running' || state === 'paused';

/** Tag colours by charger state: green done, blue under way, red failed, gold waiting. */
export function targetStateColor(state: CampaignTargetState): string {
  if (state === 'confirmed') return 'success';
  if (state === 'Installed') return 'cyan';
  if (state === 'waiting') return 'gold';
  const kind = progressKind(state);
  if (kind === 'failed') return 'error';
  if (kind === 'active') return 'processing';
  return 'default';
}

export function campaignStateColor(state: CampaignState): string {
  return { running: 'processing', paused: 'warning', completed: 'success', cancelled: 'default' }[state];
}
