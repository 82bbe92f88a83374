import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useOperators, useTariffs } from '../api/get-choices';

/** What every partner has: a name, what it is shown (operators, each with its sub-operators) and at what tariff. */
export interface PartnerValues {
  operatorId: number;
  name: string;
  publishedOperatorIds: number[];
  /** undefined in the form for "each connector's own tariff". */
  tariffId?: number | null;
}

/** The body fields of those values (the tariff's empty choice is sent as null). */
export const partnerBody = (v: PartnerValues) => ({
  operatorId: v.operatorId,
  name: v.name.trim(),
  publishedOperatorIds: v.publishedOperatorIds,
  tariffId: v.tariffId ?? null,
});

/** The fields of invitation, registration (with the owner operator) and a partner's editing (without). */
export function PartnerFields({ withOperator }: { withOperator: boolean }) {
  const { t } = useTranslation('roaming');
  const operators = useOperators();
  const tariffs = useTariffs();
  const operatorOptions = (operators.data ?? [])
    .filter((o) => !o.archived)
    .map((o) => ({ value: o.id, label: o.name }));
  return (
    <>
      {withOperator && (
        <Form.Item
          label={t('fields.operator')}
          name="operatorId"
          extra={t('form.operatorHint')}
          rules={[{ required: true, message: t('form.operatorRequired') }]}
        >
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            loading={operators.isLoading}
            options={operatorOptions}
            data-testid="roaming-operator"
          />
        </Form.Item>
      )}
      <Form.Item
        label={t('fields.name')}
        name="name"
        rules={[{ required: true, whitespace: true, message: t('form.nameRequired') }, { max: 100 }]}
      >
        <Input autoComplete="off" maxLength={100} data-testid="roaming-name" />
      </Form.Item>
      <Form.Item label={t('fields.published')} name="publishedOperatorIds" extra={t('form.publishedHint')}>
        <Select
          mode="multiple"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          loading={operators.isLoading}
          placeholder={t('fields.nothingPublished')}
          options={operatorOptions}
          data-testid="roaming-published"
        />
      </Form.Item>
      <Form.Item label={t('fields.tariff')} name="tariffId" extra={t('form.tariffHint')}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          loading={tariffs.isLoading}
          placeholder={t('fields.ownTariffs')}
          options={(tariffs.data ?? []).map((tr) => ({ value: tr.id, label: tr.name }))}
          data-testid="roaming-tariff"
        />
      </Form.Item>
    </>
  );
}
