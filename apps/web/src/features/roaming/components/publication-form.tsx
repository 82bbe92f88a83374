import { Button, Descriptions, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RoamingPartner } from '@voltline/contract';
import { notices } from '../../../lib/notices';
import { useUpdatePartner } from '../api/partner-actions';
import { operatorNames, partnerActions, serverMessage } from '../partner-words';
import { PartnerFields, type PartnerValues } from './partner-fields';

type EditValues = Omit<PartnerValues, 'operatorId'>;

/** The partner's name, published operators and tariff: editable with `roaming:write` while it lasts. */
export function PublicationForm({ partner: p, canWrite }: { partner: RoamingPartner; canWrite: boolean }) {
  const { t } = useTranslation('roaming');
  const [form] = Form.useForm<EditValues>();
  const update = useUpdatePartner();

  if (!canWrite || !partnerActions(p.state).edit)
    return (
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label={t('fields.published')}>
          {operatorNames(p).join(', ') || t('fields.nothingPublished')}
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.tariff')}>
          {p.tariffName ?? t('fields.ownTariffs')}
        </Descriptions.Item>
      </Descriptions>
    );

  return (
    <Form<EditValues>
      form={form}
      layout="vertical"
      name="roamingPublication"
      initialValues={{
        name: p.name,
        publishedOperatorIds: p.publishedOperators.map((o) => o.id),
        tariffId: p.tariffId ?? undefined,
      }}
      onFinish={(v) =>
        update.mutate(
          {
            id: p.id,
            name: v.name.trim(),
            publishedOperatorIds: v.publishedOperatorIds,
            tariffId: v.tariffId ?? null,
          },
          {
            onSuccess: () => notices.success(t('drawer.saved')),
            onError: (err) => notices.error(serverMessage(err) ?? t('form.failed')),
          },
        )
      }
    >
      <PartnerFields withOperator={false} />
      <Button type="primary" htmlType="submit" loading={update.isPending} data-testid="roaming-save">
        {t('drawer.save')}
      </Button>
    </Form>
  );
}
