import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { answerOutcome, type DeviceVariable, type VariableResult } from '@voltline/contract';

/** Each attribute: its type, value and whether it may be changed. */
export function AttributeList({ variable }: { variable: DeviceVariable }) {
  const { t } = useTranslation('chargePoints');
  return (
    <Space direction="vertical" size={0}>
      {variable.attributes.map((a) => (
        <Space key={a.type} size={4} wrap>
          <Typography.Text type="secondary">{t(`deviceModel.attribute.${a.type}`)}:</Typography.Text>
          <Typography.Text style={{ wordBreak: 'break-all' }}>{a.value ?? '—'}</Typography.Text>
          {variable.characteristics?.unit && (
            <Typography.Text type="secondary">{variable.characteristics.unit}</Typography.Text>
          )}
          <Tag color={a.mutability === 'ReadOnly' ? 'default' : 'blue'}>
            {t(`deviceModel.mutability.${a.mutability}`)}
          </Tag>
        </Space>
      ))}
    </Space>
  );
}

/** Data type, limits and allowed values, as the charger reported them. */
export function Characteristics({ variable }: { variable: DeviceVariable }) {
  const { t } = useTranslation('chargePoints');
  const c = variable.characteristics;
  if (!c) return <Typography.Text type="secondary">—</Typography.Text>;
  const parts = [t(`deviceModel.dataType.${c.dataType}`)];
  if (c.minLimit !== null) parts.push(t('deviceModel.min', { value: c.minLimit }));
  if (c.maxLimit !== null) parts.push(t('deviceModel.max', { value: c.maxLimit }));
  if (c.valuesList) parts.push(c.valuesList.join(', '));
  return <Typography.Text type="secondary">{parts.join(' · ')}</Typography.Text>;
}

/** The charger's answer for one variable: successes in colour, refusals in red and in words, never green. */
export function VariableAnswer({ result }: { result: VariableResult | undefined }) {
  const { t } = useTranslation('chargePoints');
  if (!result) return null;
  const color =
    result.status === 'Accepted'
      ? 'success'
      : answerOutcome(result.status) === 'success'
        ? 'warning'
        : 'error';
  return (
    <Space direction="vertical" size={0}>
      <Tag color={color} data-testid={`dm-answer-${result.variable.name}`}>
        {t(`deviceModel.status.${result.status}`)}
      </Tag>
      {result.reason && <Typography.Text type="secondary">{result.reason}</Typography.Text>}
    </Space>
  );
}
