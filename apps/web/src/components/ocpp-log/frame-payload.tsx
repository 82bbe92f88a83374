import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OcppLogEntry } from '@voltline/contract';
import { formatNumber } from '../../lib/format';
import { JsonView } from './json-view';

/**
 * A frame's payload; for a frame larger than the log keeps, its first part as text under a note
 * giving the whole frame's size (and SHA-256, to compare with the charger's own copy).
 */
export function FramePayload({ entry, testId }: { entry: OcppLogEntry; testId?: string }) {
  const { t } = useTranslation('ocppLogs');
  const cut = entry.truncated;
  if (!cut) return <JsonView value={entry.payload} testId={testId} />;
  return (
    <>
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 8 }}
        data-testid={testId ? `${testId}-truncated` : undefined}
        message={t('truncated.title', { size: formatNumber(cut.size) })}
        description={cut.sha256 ? t('truncated.sha256', { sha256: cut.sha256 }) : undefined}
      />
      <JsonView text={String(entry.payload)} testId={testId} />
    </>
  );
}
