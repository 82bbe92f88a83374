import { describe, expect, it } from 'vitest';
import { CAMPAIGN_TARGET_STATES } from '@voltline/contract';
import {
  campaignActions,
  isLive,
  progressKind,
  progressSegments,
  targetStateColor,
} from './campaign-progress';

describe('campaign progress', () => {
  it('groups every charger state', () => {
    expect(CAMPAIGN_TARGET_STATES.map((s) => [s, progressKind(s)])).toEqual([
      ['queued', 'pending'],
      ['waiting', 'pending'],
      ['sent', 'active'],
      ['Downloading', 'active'],
      ['Downloaded', 'active'],
      ['Installing', 'active'],
      ['Installed', 'active'],
      ['confirmed', 'confirmed'],
      ['DownloadFailed', 'failed'],
      ['InstallationFailed', 'failed'],
      ['versionMismatch', 'failed'],
      ['commandFailed', 'failed'],
      ['timedOut', 'failed'],
      ['cancelled', 'cancelled'],
      ['DownloadScheduled', 'active'],
      ['DownloadPaused', 'active'],
      ['SignatureVerified', 'active'],
      ['InstallScheduled', 'active'],
      ['InstallRebooting', 'active'],
      ['InvalidCertificate', 'failed'],
      ['InvalidSignature', 'failed'],
      ['InstallVerificationFailed', 'failed'],
    ]);
  });

  it('adds the counts into bar segments in order, leaving out empty ones', () => {
    const segments = progressSegments(
      { DownloadFailed: 1, confirmed: 2, Downloading: 3, timedOut: 1, queued: 3, Installing: 0 },
      10,
    );
    expect(segments).toEqual([
      { kind: 'confirmed', count: 2, percent: 20 },
      { kind: 'active', count: 3, percent: 30 },
      { kind: 'failed', count: 2, percent: 20 },
      { kind: 'pending', count: 3, percent: 30 },
    ]);
  });

  it('never goes past the whole bar when the counts run ahead of the total', () => {
    const segments = progressSegments({ confirmed: 3 }, 2);
    expect(segments).toEqual([{ kind: 'confirmed', count: 3, percent: 100 }]);
    expect(progressSegments({}, 0)).toEqual([]);
  });

  it('offers pause or resume with cancel while a campaign is not finished', () => {
    expect(campaignActions('running')).toEqual(['pause', 'cancel']);
    expect(campaignActions('paused')).toEqual(['resume', 'cancel']);
    expect(campaignActions('completed')).toEqual([]);
    expect(campaignActions('cancelled')).toEqual([]);
    expect(isLive('running')).toBe(true);
    expect(isLive('completed')).toBe(false);
  });

  it('colours done, failed and running chargers apart', () => {
    expect(targetStateColor('confirmed')).toBe('success');
    expect(targetStateColor('DownloadFailed')).toBe('error');
    expect(targetStateColor('Downloading')).toBe('processing');
    expect(targetStateColor('queued')).toBe('default');
  });
});
