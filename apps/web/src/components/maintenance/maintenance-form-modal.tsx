import { Col, DatePicker, Form, Input, InputNumber, Modal, Row, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  MAINTENANCE_MANUAL_TYPES,
  type MaintenanceLog,
  type ManualMaintenanceType,
} from '@voltline/contract';
import { useAddMaintenanceLog, useUpdateMaintenanceLog } from '../../api/maintenance/save-maintenance-log';
import { dateFormat } from '../../lib/format';
import { ChargePointSelect } from '../charge-point-select';

interface Values {
  chargePointId?: string;
  connectorId?: number | null;
  type: ManualMaintenanceType;
  description: string;
  technician: string;
  startedAt: Dayjs;
  endedAt?: Dayjs | null;
}

/**
 * A technician's entry, added (entry is null) or changed. `chargePointId` fixes the charge point
 * (on its detail); without it the user picks one.
 */
export function MaintenanceFormModal({
  open,
  entry,
  chargePointId,
  onClose,
}: {
  open: boolean;
  entry: MaintenanceLog | null;
  chargePointId?: string;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('maintenance');
  const [form] = Form.useForm<Values>();
  const add = useAddMaintenanceLog();
  const update = useUpdateMaintenanceLog();
  const pickCharger = !entry && !chargePointId;

  const submit = (v: Values) => {
    const fields = {
      connectorId: v.connectorId ?? null,
      type: v.type,
      description: v.description,
      technician: v.technician,
      startedAt: v.startedAt.toISOString(),
      endedAt: v.endedAt ? v.endedAt.toISOString() : null,
    };
    if (entry) update.mutate({ id: entry.id, ...fields }, { onSuccess: onClose });
    else
      add.mutate(
        { chargePointId: chargePointId ?? v.chargePointId ?? '', ...fields },
        { onSuccess: onClose },
      );
  };

  const initial: Partial<Values> = entry
    ? {
        connectorId: entry.connectorId,
        type: entry.type as ManualMaintenanceType,
        description: entry.description ?? '',
        technician: entry.technician ?? '',
        startedAt: dayjs(entry.startedAt),
        endedAt: entry.endedAt ? dayjs(entry.endedAt) : null,
      }
    : { type: 'inspection', startedAt: dayjs().startOf('minute') };
  const picker = {
    showTime: { format: 'HH:mm' },
    format: dateFormat('dateTime', i18n.language),
    style: { width: '100%' },
  };

  return (
    <Modal
      open={open}
      title={entry ? t('editTitle') : t('addTitle')}
      okText={entry ? t('edit') : t('add')}
      confirmLoading={add.isPending || update.isPending}
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
      width={640}
      okButtonProps={{ 'data-testid': 'maintenance-save' }}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        name="maintenance"
        initialValues={initial}
        onFinish={submit}
      >
        {pickCharger && (
          <Form.Item name="chargePointId" label={t('fields.chargePoint')} rules={[{ required: true }]}>
            <ChargePointSelect placeholder={t('fields.chargePoint')} testId="maintenance-form-charge-point" />
          </Form.Item>
        )}
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="type" label={t('fields.type')} rules={[{ required: true }]}>
              <Select
                options={MAINTENANCE_MANUAL_TYPES.map((k) => ({ value: k, label: t(`types.${k}`) }))}
                data-testid="maintenance-form-type"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="connectorId" label={t('fields.connector')} extra={t('hints.connector')}>
              <InputNumber min={0} max={99} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          name="description"
          label={t('fields.description')}
          rules={[{ required: true, whitespace: true }, { max: 2000 }]}
        >
          <Input.TextArea rows={3} data-testid="maintenance-form-description" />
        </Form.Item>
        <Form.Item
          name="technician"
          label={t('fields.technician')}
          rules={[{ required: true, whitespace: true }, { max: 200 }]}
        >
          <Input data-testid="maintenance-form-technician" />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="startedAt" label={t('fields.startedAt')} rules={[{ required: true }]}>
              <DatePicker {...picker} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="endedAt"
              label={t('fields.endedAt')}
              extra={t('hints.endedAt')}
              dependencies={['startedAt']}
              rules={[
                ({ getFieldValue }) => ({
                  validator: (_, end: Dayjs | null | undefined) => {
                    const start = getFieldValue('startedAt') as Dayjs | undefined;
                    return !end || !start || end.isAfter(start)
                      ? Promise.resolve()
                      : Promise.reject(new Error(t('validation.endBeforeStart')));
                  },
                }),
              ]}
            >
              <DatePicker {...picker} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
