import { useEffect, useState } from 'react';
import { Alert, Button, Form, Modal, Result, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Campaign, Firmware } from '@voltline/contract';
import { useFirmwares } from '../../api/firmware/get-firmwares';
import { useStartCampaign } from '../../api/firmware/start-campaign';
import { DELIVERY_DEFAULTS, DeliveryFields, deliveryBody, type DeliveryValues } from './delivery-fields';
import { firmwareForCharger } from './firmware-fit';
import { campaignPath, FIRMWARE_UPLOAD_PATH } from './paths';

interface Values extends DeliveryValues {
  firmwareId: number;
}

const imageLabel = (fw: Firmware) => `${fw.version} · ${fw.fileName}`;

/**
 * Update firmware from a charge point's Commands menu: a stored image (those made for the
 * charger's brand and model first) sent as a campaign of this one charger, which tracks it.
 */
export function UpdateFirmwareModal({
  open,
  charger,
  onClose,
}: {
  open: boolean;
  charger: { chargePointId: string; brand: string | null; model: string | null };
  onClose: () => void;
}) {
  const { t } = useTranslation('firmware');
  const [form] = Form.useForm<Values>();
  const images = useFirmwares(open);
  const start = useStartCampaign();
  const [started, setStarted] = useState<Campaign | null>(null);
  const { fitting, others } = firmwareForCharger(images.data ?? [], charger);
  const option = (fw: Firmware) => ({ value: fw.id, label: imageLabel(fw) });
  const best = fitting[0]?.id;

  // The images may arrive after the dialog opened: preselect the best fit once they do.
  useEffect(() => {
    if (open && best !== undefined && form.getFieldValue('firmwareId') === undefined)
      form.setFieldValue('firmwareId', best);
  }, [open, best, form]);

  const close = () => {
    setStarted(null);
    start.reset();
    onClose();
  };

  const submit = (v: Values) =>
    void start
      .mutateAsync({ firmwareId: v.firmwareId, chargePointIds: [charger.chargePointId], ...deliveryBody(v) })
      .then(setStarted)
      .catch(() => undefined);

  return (
    <Modal
      open={open}
      title={t('command.title')}
      okText={t('command.start')}
      onCancel={close}
      onOk={() => form.submit()}
      okButtonProps={{ loading: start.isPending, disabled: !images.data?.length }}
      footer={started ? null : undefined}
      destroyOnHidden
    >
      {started ? (
        <Result
          status="success"
          title={t('command.started')}
          subTitle={t('command.startedHint', { version: started.firmwareVersion })}
          extra={
            <Link to={campaignPath(started.id)} onClick={close} data-testid="fw-open-campaign">
              <Button type="primary">{t('command.openCampaign')}</Button>
            </Link>
          }
        />
      ) : (
        <Form<Values>
          form={form}
          layout="vertical"
          initialValues={{ ...DELIVERY_DEFAULTS, firmwareId: best }}
          onFinish={submit}
        >
          {images.data?.length === 0 && (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 16 }}
              title={t('command.noImages')}
              action={<Link to={FIRMWARE_UPLOAD_PATH}>{t('command.upload')}</Link>}
            />
          )}
          <Form.Item
            label={t('fields.firmware')}
            name="firmwareId"
            rules={[{ required: true, message: t('validation.firmware') }]}
          >
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              loading={images.isPending}
              placeholder={t('command.pick')}
              data-testid="fw-command-image"
              options={[
                ...(fitting.length ? [{ label: t('command.fitting'), options: fitting.map(option) }] : []),
                ...(others.length ? [{ label: t('command.others'), options: others.map(option) }] : []),
              ]}
            />
          </Form.Item>
          <DeliveryFields />
        </Form>
      )}
    </Modal>
  );
}
