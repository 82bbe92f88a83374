import { Form, Input, Modal, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { DriverSelect } from '../../../../components/driver-select';
import { useDriverCards } from '../../api/get-drivers';

interface StartValues {
  source: 'driver' | 'card';
  driverId?: number;
  idTag?: string;
}

/** Remote start needs an id tag: a driver's RFID card, or a card number typed in. */
export function RemoteStartModal({
  open,
  connectorId,
  onClose,
  onStart,
}: {
  open: boolean;
  connectorId: number;
  onClose: () => void;
  onStart: (idTag: string) => Promise<unknown>;
}) {
  const { t } = useTranslation('chargePoints');
  const [form] = Form.useForm<StartValues>();
  const source = Form.useWatch('source', form) ?? 'driver';
  const driverId = Form.useWatch('driverId', form);
  const cards = useDriverCards(source === 'driver' ? driverId : undefined);
  const usable = cards.data?.filter((c) => !c.archived && !c.expired && c.status === 'active') ?? [];

  return (
    <Modal
      open={open}
      title={t('commands.startTitle', { connector: connectorId })}
      okText={t('commands.start')}
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form<StartValues>
        form={form}
        layout="vertical"
        initialValues={{ source: 'driver' }}
        onFinish={(v) => void onStart((v.idTag ?? '').trim()).then(onClose)}
      >
        <Form.Item name="source">
          <Radio.Group
            optionType="button"
            onChange={() => form.setFieldsValue({ driverId: undefined, idTag: undefined })}
            options={[
              { value: 'driver', label: t('commands.byDriver') },
              { value: 'card', label: t('commands.byCard') },
            ]}
          />
        </Form.Item>
        {source === 'driver' ? (
          <>
            <Form.Item label={t('commands.driver')} name="driverId" rules={[{ required: true }]}>
              <DriverSelect
                label={t('commands.driver')}
                onChange={() => form.setFieldValue('idTag', undefined)}
                testId="start-driver"
              />
            </Form.Item>
            <Form.Item label={t('commands.card')} name="idTag" rules={[{ required: true }]}>
              <Select
                disabled={!driverId}
                loading={Boolean(driverId) && cards.isPending}
                notFoundContent={t('commands.noCards')}
                options={usable.map((c) => ({
                  value: c.number,
                  label: c.name ? `${c.name} (${c.number})` : c.number,
                }))}
                data-testid="start-card"
              />
            </Form.Item>
          </>
        ) : (
          <Form.Item
            label={t('commands.cardNumber')}
            name="idTag"
            rules={[{ required: true, whitespace: true }, { max: 20 }]}
          >
            <Input autoComplete="off" data-testid="start-id-tag" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
