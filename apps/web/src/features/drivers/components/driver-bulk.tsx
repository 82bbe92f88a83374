import { Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DRIVER_BULK_ACTIONS, type BulkResult, type DriverFilter } from '@voltline/contract';
import { BulkBar } from '../../../components/bulk/bulk-bar';
import { BulkResults } from '../../../components/bulk/bulk-results';
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
  const [form] = Form.useForm<{ reason: string }>();
  const [action, setAction] = useState<Action | null>(null);
  const [result, setResult] = useState<{ title: string; data: BulkResult } | null>(null);

  const actions: { key: Action; label: string; danger?: boolean }[] = [
    ...(canWrite
      ? DRIVER_BULK_ACTIONS.map((a) => ({ key: a, label: t(`bulk.actions.${a}`), danger: a !== 'activate' }))
      : []),
    { key: 'export', label: t('bulk.actions.export') },
  ];

  const exportSelection = () => {
    const sel = state.selection;
    if (!sel) return;
    const f: DriverFilter = sel.mode === 'ids' ? { ids: sel.ids } : sel.filter;
    void excel.download((p) => exportDrivers(f, p), datedFileName('drivers'));
  };

  const run = async () => {
    const sel = state.selection;
    if (!sel || !action || action === 'export') return;
    const reason = action === 'archive' ? undefined : (await form.validateFields()).reason;
    const data = await bulk.mutateAsync({ selection: sel, action, reason });
    setResult({ title: t(`bulk.actions.${action}`), data });
    setAction(null);
    state.clear();
  };

  return (
    <>
      <BulkBar
        count={state.count}
        all={state.all}
        total={state.total}
        pageFull={state.pageFull}
        onSelectAll={state.selectAll}
        onClear={state.clear}
        actions={actions}
        onAction={(key) => {
          if (key === 'export') return exportSelection();
          form.resetFields();
          setAction(key as Action);
        }}
      />
      <Modal
        open={action !== null}
        title={action ? t(`bulk.actions.${action}`) : ''}
        okText={t('bulk.confirm', { count: state.count })}
        okButtonProps={{ danger: action !== 'activate', ...{ 'data-testid': 'bulk-confirm' } }}
        confirmLoading={bulk.isPending}
        onOk={() => void run().catch(() => undefined)}
        onCancel={() => setAction(null)}
        destroyOnHidden
      >
        <Typography.Paragraph>{t('bulk.confirmText', { count: state.count })}</Typography.Paragraph>
        {action && action !== 'archive' && (
          <Form form={form} layout="vertical" preserve={false}>
            <Form.Item
              name="reason"
              label={t('bulk.reason')}
              rules={[{ required: true, message: t('bulk.reasonRequired') }]}
            >
              <Input.TextArea maxLength={500} rows={2} />
            </Form.Item>
          </Form>
        )}
      </Modal>
      <BulkResults
        title={result?.title ?? ''}
        result={result?.data ?? null}
        onClose={() => setResult(null)}
      />
    </>
  );
}
