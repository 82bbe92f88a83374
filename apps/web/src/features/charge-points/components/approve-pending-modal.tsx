import { Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PendingChargePoint } from '@voltline/contract';
import { useOperatorLookup } from '../api/get-operator-lookup';
import { useApprovePendingCharger } from '../api/pending-chargers';

interface Values {
  operatorId: number;
  name?: string;
}

/** Approving a pending charger: the operator it joins and, optionally, its name. */
export function ApprovePendingModal({
  charger,
  onClose,
}: {
  charger: PendingChargePoint | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('chargePoints');
  const [form] = Form.useForm<Values>();
  const operators = useOperatorLookup();
  const approve = useApprovePendingCharger();

  const submit = (values: Values) => {
    if (!charger) return;
    approve.mutate(
      { id: charger.id, operatorId: values.operatorId, name: values.name?.trim() || undefined },
      {
        onSuccess: () => {
          form.resetFields();
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      open={charger !== null}
      title={t('pending.approveTitle', { id: charger?.chargePointId ?? '' })}
      okText={t('pending.approve')}
      confirmLoading={approve.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <p>{t('pending.approveHint')}</p>
      <Form<Values> form={form} layout="vertical" name="approve-pending" onFinish={submit}>
        <Form.Item label={t('fields.operator')} name="operatorId" rules={[{ required: true }]}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            loading={operators.isPending}
            options={operators.data?.map((o) => ({ value: o.id, label: o.name }))}
          />
        </Form.Item>
        <Form.Item label={t('fields.name')} name="name" rules={[{ max: 120 }]} extra={t('pending.nameHint')}>
          <Input placeholder={charger?.chargePointId} autoComplete="off" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
