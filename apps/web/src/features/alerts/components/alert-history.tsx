import { Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AlertHistoryEntry } from '@voltline/contract';
import { formatDateTime } from '../../../lib/format';
import { historyLine } from '../alert-words';

const COLORS: Partial<Record<AlertHistoryEntry['action'], string>> = {
  raised: 'red',
  acknowledged: 'orange',
  resolved: 'green',
  cleared: 'green',
};

/** Each step of the alert in words, with who and when; comments under their line. */
export function AlertHistory({ history }: { history: AlertHistoryEntry[] }) {
  const { t } = useTranslation('alerts');
  return (
    <Timeline
      data-testid="alert-history"
      items={history.map((entry) => {
        const line = historyLine(entry, t('history.system'));
        return {
          key: entry.id,
          color: COLORS[entry.action] ?? 'gray',
          children: (
            <div data-testid="alert-history-line">
              <Typography.Text>{t(line.key, line.params)}</Typography.Text>
              <br />
              <Typography.Text type="secondary">{formatDateTime(entry.at)}</Typography.Text>
              {line.note && (
                <Typography.Paragraph style={{ marginBottom: 0, whiteSpace: 'pre-wrap' }}>
                  {line.note}
                </Typography.Paragraph>
              )}
            </div>
          ),
        };
      })}
    />
  );
}
