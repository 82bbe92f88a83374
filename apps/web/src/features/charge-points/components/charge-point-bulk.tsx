import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { BULK_COMMANDS, type BulkCommand, type ChargePointFilter } from '@voltline/contract';
import { BulkActions, type BulkAction } from '../../../components/bulk/bulk-actions';
import type { BulkSelectionState } from '../../../components/bulk/use-bulk-selection';
import { useCan } from '../../../hooks/use-permission';
import { useFileDownload } from '../../../hooks/use-file-download';
import { datedFileName } from '../../../lib/download';
import { useBulkChargePoints } from '../api/bulk-charge-points';
import { exportChargePoints } from '../api/export-charge-points';
import { useGroupList } from '../api/get-group-list';
import { useTariffList } from '../api/get-tariff-list';
import type { DeviceList } from '../api/keys';
import { BulkCommandFields } from './bulk-command-fields';

type Action =
  BulkCommand | 'archive' | 'unarchive' | 'assignTariff' | 'addToGroup' | 'removeFromGroup' | 'export';
const isCommand = (a: Action): a is BulkCommand => (BULK_COMMANDS as readonly string[]).includes(a);

/** The tariff to put on every connector of the selection; the list is asked for when shown. */
function TariffField() {
  const { t } = useTranslation('chargePoints');
  const tariffs = useTariffList(true);
  return (
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
  );
}

/** The smart-charging group to add the selection to or take it out of. */
function GroupField() {
  const { t } = useTranslation('chargePoints');
  const groups = useGroupList(true);
  return (
    <Form.Item
      name="groupId"
      label={t('bulk.params.group')}
      extra={t('bulk.params.groupHint')}
      rules={[{ required: true, message: t('bulk.required') }]}
    >
      <Select
        loading={groups.isPending}
        options={groups.data?.items.map((g) => ({ value: g.id, label: g.name }))}
        data-testid="bulk-group"
      />
    </Form.Item>
  );
}

/**
 * Bulk actions of the charge point list: commands, archive/restore, tariff and export of the
 * selection. Each asks for confirmation (with the command's parameters) and then shows what became
 * of each row.
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
  const canGroups = useCan('smartCharging:write') && canWrite;
  const bulk = useBulkChargePoints();
  const excel = useFileDownload();

  const actions: BulkAction<Action>[] = [
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
    ...(canGroups && kind !== 'archived'
      ? [
          { key: 'addToGroup' as const, label: t('bulk.actions.addToGroup') },
          { key: 'removeFromGroup' as const, label: t('bulk.actions.removeFromGroup') },
        ]
      : []),
    { key: 'export', label: t('bulk.actions.export'), now: true },
  ];

  return (
    <BulkActions<ChargePointFilter, Action>
      ns="chargePoints"
      state={state}
      actions={actions}
      pending={bulk.command.isPending || bulk.records.isPending}
      fields={(action) =>
        isCommand(action) ? (
          <BulkCommandFields command={action} />
        ) : action === 'assignTariff' ? (
          <TariffField />
        ) : action === 'addToGroup' || action === 'removeFromGroup' ? (
          <GroupField />
        ) : null
      }
      onNow={(_, sel) => {
        // The list's filter names its tab (list), so "all matching" is the tab's rows.
        const f = sel.mode === 'ids' ? { list: 'all' as const, ids: sel.ids } : sel.filter;
        void excel.download((p) => exportChargePoints(f, p), datedFileName('charge-points'));
      }}
      run={(action, selection, params) => {
        if (isCommand(action)) return bulk.command.mutateAsync({ selection, command: action, params });
        if (action === 'assignTariff') {
          const tariffId = params.tariffId as number;
          return bulk.records.mutateAsync({ selection, action, tariffId });
        }
        if (action === 'addToGroup' || action === 'removeFromGroup') {
          return bulk.records.mutateAsync({ selection, action, groupId: params.groupId as number });
        }
        if (action === 'export') throw new Error('export runs at once');
        return bulk.records.mutateAsync({ selection, action });
      }}
    />
  );
}
