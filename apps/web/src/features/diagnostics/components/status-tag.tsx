import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DiagnosticsState } from '@voltline/contract';

const COLORS: Record<DiagnosticsState, string> = {
  requested: 'default',
  Uploading: 'processing',
  Uploaded: 'success',
  UploadFailed: 'error',
  commandFailed: 'error',
  noFile: 'warning',
  expired: 'default',
};

const KNOWN_ERRORS = ['offline', 'timedOut', 'uploadWindowClosed'];

/** A request's state in words; a failed command says why on hover. */
export function DiagnosticsStatusTag({ status, error }: { status: DiagnosticsState; error: string | null }) {
  const { t } = useTranslation('diagnostics');
  const tag = (
    <Tag color={COLORS[status]} data-testid="diagnostics-status">
      {t(`states.${status}`)}
    </Tag>
  );
  if (!error) return tag;
  const reason = KNOWN_ERRORS.includes(error) ? t(`errors.${error}`) : error;
  return <Tooltip title={reason}>{tag}</Tooltip>;
}
