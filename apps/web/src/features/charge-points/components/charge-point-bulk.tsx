import { Form, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BULK_COMMANDS, type BulkCommand, type BulkResult, type ChargePointFilter } from '@voltline/contract';
import { BulkBar } from '../../../components/bulk/bulk-bar';
import { BulkResults } from '../../../components/bulk/bulk-results';
import type { BulkSelectionOf, BulkSelectionState } from '../../../components/bulk/use-bulk-selection';
import { useCan } from '../../../hooks/use-permission';
import { useFileDownload } from '../../../hooks/use-file-download';
import { datedFileName } from '../../../lib/download';
import { useBulkChargePoints } from '../api/bulk-charge-points';
import { exportChargePoints } from '../api/export-charge-points';
import { useTariffList } from '../api/get-tariff-list';
import type { DeviceList } from '../api/keys';
import { BulkCommandFields } from './bulk-command-fields';

type Action = BulkCommand | 'archive' | 'unarchive' | 'assignTariff' | 'export';
const isCommand = (a: Action): a is BulkCommand => (BULK_COMMANDS as readonly string[]).includes(a);

/**
 * Bulk actions of the charge point list: commands, archive/restore and export of the selection.
 * Each asks for confirmation (with the command's parameters) and then shows what became of each row.
 */
export function ChargePointBulk({
  kind,
  state,
}: {
  kind: DeviceList;
  state: BulkSelectionState<ChargePointFilter>;
}) {
  const { t } = useTranslation('chargePoints');
  const canCommand = useCan('commands:write');
  const canWrite = useCan('chargePoints:write');
  const canTariffs = useCan('tariffs:read') && canWrite;
  const bulk = useBulkChargePoints();
  const excel = useFileDownload();
  const [form] = Form.useForm<Record<string, unknown>>();
  const [action, setAction] = useState<Action | null>(null);
  const tariffs = useTariffList(action === 'assignTariff');
  const [result, setResult] = useState<{ title: string; data: BulkResult } | null>(null);

  const actions: { key: Action; label: string; danger?: boolean }[] = [
    ...(canCommand ? BULK_COMMANDS.map((c) => ({ key: c, label: t(`bulk.actions.${c}`) })) : []),
    ...(canWrite && kind !== 'archived'
      ? [{ key: 'archive' as const, label: t('bulk.actions.archive'), danger: true }]
      : []),
    ...(canWrite && (kind === 'archived' || kind === 'all')
      ? [{ key: 'unarchive' as const, label: t('bulk.actions.unarchive') }]
      : []),
    ...(canTariffs && kind !== 'archived'
      ? [{ key: 'assignTariff' as const, label: t('bulk.actions.assignTariff') }]
      : []),
    { key: 'export', label: t('bulk.actions.export') },
  ];

  // The list's filter names its tab (list), so "all matching" is the tab's rows.
  const selection = (): BulkSelectionOf<ChargePointFilter> | null => state.selection;

  const exportSelection = () => {
    const sel = selection();
    if (!sel) return;
    const f = sel.mode === 'ids' ? { list: 'all' as const, ids: sel.ids } : sel.filter;
    void excel.download((p) => exportChargePoints(f, p), datedFileName('charge-points'));
  };

  const run = async () => {
    const sel = selection();
    if (!sel || !action || action === 'export') return;
    const title = t(`bulk.actions.${action}`);
    if (isCommand(action)) {
      const params = await form.validateFields();
      const data = await bulk.command.mutateAsync({ selection: sel, command: action, params });
      setResult({ title, data });
    } else if (action === 'assignTariff') {
      const { tariffId } = (await form.validateFields()) as { tariffId: number };
      const data = await bulk.records.mutateAsync({ selection: sel, action, tariffId });
      setResult({ title, data });
    } else {
      const data = await bulk.records.mutateAsync({ selection: sel, action });
      setResult({ title, data });
    }
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
        okButtonProps={{ danger: action === 'archive', ...{ 'data-testid': 'bulk-confirm' } }}
        confirmLoading={bulk.command.isPending || bulk.records.isPending}
        onOk={() => void run().catch(() => undefined)}
        onCancel={() => setAction(null)}
        destroyOnHidden
      >
        <Typography.Paragraph>{t('bulk.confirmText', { count: state.count })}</Typography.Paragraph>
        {action && isCommand(action) && (
          <Form form={form} layout="vertical" preserve={false}>
            <BulkCommandFields command={action} />
          </Form>
        )}
        {action === 'assignTariff' && (
          <Form form={form} layout="vertical" preserve={false}>
            <Form.Item
              name="tariffId"
              label={t('bulk.params.tariff')}
              extra={t('bulk.params.tariffHint')}
              rules={[{ required: true, message: t('bulk.required') }]}
            >
              <Select
                loading={tariffs.isPending}
                options={tariffs.data?.map((tf) => ({ value: tf.id, label: tf.name }))}
                data-testid="bulk-tariff"
              />
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
