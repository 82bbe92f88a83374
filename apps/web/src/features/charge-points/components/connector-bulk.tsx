import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ConnectorBulkAction, ConnectorBulkFilter, Tariff } from '@voltline/contract';
import { BulkActions, type BulkAction } from '../../../components/bulk/bulk-actions';
import type { BulkSelectionState } from '../../../components/bulk/use-bulk-selection';
import { useCan } from '../../../hooks/use-permission';
import { useBulkConnectors } from '../api/bulk-connectors';

/** The tariff to put on each selected connector: the ones the charge point's operator may use, or none. */
function TariffField({ tariffs }: { tariffs: Tariff[] | undefined }) {
  const { t } = useTranslation('chargePoints');
  return (
    <Form.Item name="tariffId" label={t('bulk.params.tariff')} extra={t('connectorBulk.tariffHint')}>
      <Select
        allowClear
        placeholder={t('connectorBulk.noTariff')}
        options={tariffs?.map((tf) => ({ value: tf.id, label: tf.name }))}
        data-testid="connector-bulk-tariff"
      />
    </Form.Item>
  );
}

/**
 * Bulk actions of a charge point's connectors: make them available or unavailable (a
 * ChangeAvailability to the charger for each), archive or restore them, or set one tariff.
 */
export function ConnectorBulk({
  state,
  tariffs,
  archivedChargePoint,
}: {
  state: BulkSelectionState<ConnectorBulkFilter>;
  tariffs: Tariff[] | undefined;
  archivedChargePoint: boolean;
}) {
  const { t } = useTranslation('chargePoints');
  const canCommand = useCan('commands:write');
  const canTariffs = useCan('tariffs:read');
  const bulk = useBulkConnectors();
  const label = (a: ConnectorBulkAction) => t(`connectorBulk.actions.${a}`);
  const actions: BulkAction<ConnectorBulkAction>[] = [
    ...(canCommand && !archivedChargePoint
      ? (['operative', 'inoperative'] as const).map((a) => ({
          key: a,
          label: label(a),
          danger: a === 'inoperative',
        }))
      : []),
    { key: 'archive', label: label('archive'), danger: true },
    { key: 'unarchive', label: label('unarchive') },
    ...(canTariffs ? [{ key: 'assignTariff' as const, label: label('assignTariff') }] : []),
  ];
  return (
    <BulkActions<ConnectorBulkFilter, ConnectorBulkAction>
      ns="chargePoints"
      prefix="connectorBulk"
      state={state}
      actions={actions}
      pending={bulk.isPending}
      fields={(action) => (action === 'assignTariff' ? <TariffField tariffs={tariffs} /> : null)}
      run={(action, selection, values) =>
        bulk.mutateAsync(
          action === 'assignTariff'
            ? { selection, action, tariffId: (values.tariffId as number | undefined) ?? null }
            : { selection, action },
        )
      }
    />
  );
}
