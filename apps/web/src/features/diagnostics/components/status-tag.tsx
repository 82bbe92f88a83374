import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DiagnosticsKind, DiagnosticsState } from '@voltline/contract';

const COLORS: Record<DiagnosticsState, string> = {
  requested: 'default',
  Uploading: 'processing',
  Uploaded: 'success',
  UploadFailed: 'error',
  commandFailed: 'error',
  noFile: 'warning',
  expired: 'default',
};

const KNOWN_ERRORS = [
  'offline',
  'timedOut',
  'uploadWindowClosed',
  // A GetLog's refusals: its answer, and what its LogStatusNotification said.
  'Rejected',
  'canceledByNewerRequest',
  'BadMessage',
  'NotSupportedOperation',
  'PermissionDenied',
  'UploadFailure',
];

const KIND_COLORS: Record<DiagnosticsKind, string> = {
  Diagnostics: 'default',
  DiagnosticsLog: 'blue',
  SecurityLog: 'purple',
};

/** What a request asked for: diagnostics (GetDiagnostics), or a diagnostics or security log (GetLog). */
export function DiagnosticsKindTag({ kind }: { kind: DiagnosticsKind }) {
  const { t } = useTranslation('diagnostics');
  return (
    <Tag color={KIND_COLORS[kind]} data-testid="diagnostics-kind" data-kind={kind}>
      {t(`kinds.${kind}`)}
    </Tag>
  );
}

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
