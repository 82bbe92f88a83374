import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { DRIVER_BULK_ACTIONS, type DriverFilter } from '@voltline/contract';
import { BulkActions, type BulkAction } from '../../../components/bulk/bulk-actions';
import type { BulkSelectionState } from '../../../components/bulk/use-bulk-selection';
import { useCan } from '../../../hooks/use-permission';
import { useFileDownload } from '../../../hooks/use-file-download';
import { datedFileName } from '../../../lib/download';
import { useBulkDrivers } from '../api/bulk-drivers';
import { exportDrivers } from '../api/export-drivers';

type Action = (typeof DRIVER_BULK_ACTIONS)[number] | 'export';

/** Bulk actions of the driver list: archive, block, activate (with one reason) and export. */
export function DriverBulk({ state }: { state: BulkSelectionState<DriverFilter> }) {
  const { t } = useTranslation('drivers');
  const canWrite = useCan('drivers:write');
  const bulk = useBulkDrivers();
  const excel = useFileDownload();

  const actions: BulkAction<Action>[] = [
    ...(canWrite
      ? DRIVER_BULK_ACTIONS.map((a) => ({ key: a, label: t(`bulk.actions.${a}`), danger: a !== 'activate' }))
      : []),
    { key: 'export', label: t('bulk.actions.export'), now: true },
  ];

  return (
    <BulkActions<DriverFilter, Action>
      ns="drivers"
      state={state}
      actions={actions}
      pending={bulk.isPending}
      fields={(action) =>
        action === 'archive' ? null : (
          <Form.Item
            name="reason"
            label={t('bulk.reason')}
            rules={[{ required: true, message: t('bulk.reasonRequired') }]}
          >
            <Input.TextArea maxLength={500} rows={2} />
          </Form.Item>
        )
      }
      onNow={(_, sel) => {
        const f: DriverFilter = sel.mode === 'ids' ? { ids: sel.ids } : sel.filter;
        void excel.download((p) => exportDrivers(f, p), datedFileName('drivers'));
      }}
      run={(action, selection, values) => {
        if (action === 'export') throw new Error('export runs at once');
        const reason = action === 'archive' ? undefined : (values.reason as string);
        return bulk.mutateAsync({ selection, action, reason });
      }}
    />
  );
}
