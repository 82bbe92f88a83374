import { Alert, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { DRIVER_STATUSES, type DriverDetail, type DriverStatus } from '@voltline/contract';
import { useManageStatus } from '../api/manage-status';
import { FormModal } from './form-modal';

interface StatusValues {
  status: DriverStatus;
  reason: string;
}

/** Changes the driver's status; the reason is kept in the status history. */
export function StatusDialog({
  driver,
  open,
  onClose,
}: {
  driver: DriverDetail;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('drivers');
  const manage = useManageStatus();
  const options = DRIVER_STATUSES.filter((s) => s !== driver.status);

  return (
    <FormModal<StatusValues>
      open={open}
      width={520}
      title={t('statusChange.title')}
      okText={t('statusChange.submit')}
      initialValues={{ status: options[0] }}
      onClose={onClose}
      onSubmit={(v) => manage.mutateAsync({ driverId: driver.id, status: v.status, reason: v.reason.trim() })}
    >
      <Alert type="warning" showIcon style={{ marginBottom: 16 }} message={t('statusChange.effect')} />
      <Form.Item name="status" label={t('statusChange.newStatus')} rules={[{ required: true }]}>
        <Select
          options={options.map((s) => ({ value: s, label: t(`status.${s}`) }))}
          data-testid="status-select"
        />
      </Form.Item>
      <Form.Item
        name="reason"
        label={t('statusChange.reason')}
        rules={[{ required: true, whitespace: true }, { max: 500 }]}
      >
        <Input.TextArea
          rows={3}
          showCount
          maxLength={500}
          placeholder={t('statusChange.reasonPlaceholder')}
        />
      </Form.Item>
    </FormModal>
  );
}
