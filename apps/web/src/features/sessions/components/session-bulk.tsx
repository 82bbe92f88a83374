import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SessionFilter } from '@voltline/contract';
import { BulkActions, type BulkAction } from '../../../components/bulk/bulk-actions';
import type { BulkSelectionState } from '../../../components/bulk/use-bulk-selection';
import { useCan } from '../../../hooks/use-permission';
import { useFileDownload } from '../../../hooks/use-file-download';
import { datedFileName } from '../../../lib/download';
import { useBulkSessions } from '../api/bulk-sessions';
import { exportSessions } from '../api/export-sessions';

type Action = 'close' | 'export';

/** Bulk actions of the sessions list: close stuck sessions (with one reason) and export the selection. */
export function SessionBulk({ state, live }: { state: BulkSelectionState<SessionFilter>; live: boolean }) {
  const { t } = useTranslation('sessions');
  const canWrite = useCan('sessions:write');
  const bulk = useBulkSessions();
  const excel = useFileDownload();

  const actions: BulkAction<Action>[] = [
    ...(canWrite ? [{ key: 'close' as const, label: t('bulk.actions.close'), danger: true }] : []),
    { key: 'export', label: t('bulk.actions.export'), now: true },
  ];

  return (
    <BulkActions<SessionFilter, Action>
      ns="sessions"
      state={state}
      actions={actions}
      pending={bulk.isPending}
      fields={(action) =>
        action === 'close' ? (
          <Form.Item
            name="reason"
            label={t('close.reason')}
            extra={t('close.reasonHint')}
            rules={[{ required: true, min: 3, whitespace: true, message: t('bulk.reasonRequired') }]}
          >
            <Input.TextArea maxLength={500} rows={2} placeholder={t('close.reasonPlaceholder')} />
          </Form.Item>
        ) : null
      }
      onNow={(_, sel) => {
        const f: SessionFilter = sel.mode === 'ids' ? { ids: sel.ids } : sel.filter;
        void excel.download(
          (p) => exportSessions(f, live && sel.mode === 'filter', p),
          datedFileName(live ? 'active-sessions' : 'sessions'),
        );
      }}
      run={(action, selection, values) => {
        if (action === 'export') throw new Error('export runs at once');
        return bulk.mutateAsync({ selection, action, reason: String(values.reason).trim() });
      }}
    />
  );
}
