import { Badge, Flex, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CampaignState, CampaignTargetState } from '@voltline/contract';
import {
  campaignStateColor,
  progressSegments,
  targetStateColor,
  type ProgressKind,
} from '../campaign-progress';

export function CampaignStateTag({
  state,
  pauseReason,
}: {
  state: CampaignState;
  pauseReason?: string | null;
}) {
  const { t } = useTranslation('firmware');
  const tag = (
    <Tag color={campaignStateColor(state)} data-state={state}>
      {t(`campaignStates.${state}`)}
    </Tag>
  );
  return state === 'paused' && pauseReason ? (
    <Tooltip title={t(`pauseReasons.${pauseReason}`, { defaultValue: pauseReason })}>{tag}</Tooltip>
  ) : (
    tag
  );
}

/** A charger's state in a campaign, in words, coloured by how it went. */
export function TargetStateTag({ state }: { state: CampaignTargetState }) {
  const { t } = useTranslation('firmware');
  return (
    <Tag color={targetStateColor(state)} data-state={state}>
      {t(`targetStates.${state}`)}
    </Tag>
  );
}

export function ConnectionTag({ connected }: { connected: boolean }) {
  const { t } = useTranslation('firmware');
  return (
    <Tag color={connected ? 'success' : 'default'} data-connected={connected}>
      <Badge status={connected ? 'processing' : 'default'} style={{ marginInlineEnd: 6 }} />
      {t(connected ? 'connection.Connected' : 'connection.Disconnected')}
    </Tag>
  );
}

const SEGMENT_COLORS: Record<ProgressKind, string> = {
  confirmed: '#52c41a',
  active: '#1677ff',
  failed: '#ff4d4f',
  pending: '#d9d9d9',
  cancelled: '#8c8c8c',
};

/** A campaign's chargers as one bar of coloured segments, each named with its count. */
export function CampaignProgress({ counts, total }: { counts: Record<string, number>; total: number }) {
  const { t } = useTranslation('firmware');
  const segments = progressSegments(counts, total);
  const label = segments.map((s) => t('progress.segment', { kind: t(`progress.${s.kind}`), count: s.count }));
  return (
    <Tooltip title={label.join(' · ')}>
      <Flex
        role="img"
        aria-label={label.join(', ')}
        style={{ height: 10, borderRadius: 5, overflow: 'hidden', background: '#f0f0f0', minWidth: 80 }}
        data-testid="fw-campaign-progress"
      >
        {segments.map((s) => (
          <div
            key={s.kind}
            data-kind={s.kind}
            data-count={s.count}
            style={{ width: `${s.percent}%`, background: SEGMENT_COLORS[s.kind] }}
          />
        ))}
      </Flex>
    </Tooltip>
  );
}
