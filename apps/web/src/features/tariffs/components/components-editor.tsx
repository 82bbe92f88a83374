import { Button, Card, Col, Divider, Flex, Form, InputNumber, Row, Select, Tooltip, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PRICE_COMPONENT_TYPES, type PriceComponentType } from '@voltline/contract';
import { currencySymbol, decimalSeparator } from '../../../lib/billing-format';
import type { ComponentFormValues, ElementFormValues } from '../components-values';
import { RestrictionFields } from './restriction-fields';

const MAX_MAJOR = 1_000_000; // the contract's 100,000,000 minor units
const MAX_STEP = 7 * 24 * 3600;

/**
 * The tariff's own price components (OCPI elements): each element has one component per type at
 * most and, optionally, when it applies; the first element that applies prices each stretch.
 */
export function ComponentsEditor({ currency }: { currency: string }) {
  const { t } = useTranslation('tariffs');
  const form = Form.useFormInstance();
  return (
    <Form.List name="elements">
      {(fields, { add, remove, move }, { errors }) => (
        <Flex vertical gap={12}>
          <Typography.Text type="secondary">{t('components.hint')}</Typography.Text>
          {fields.map((field, i) => (
            <Card
              key={field.key}
              size="small"
              title={t('components.element', { n: i + 1 })}
              data-testid={`tariff-element-${i}`}
              extra={
                <Flex gap={4}>
                  <Tooltip title={t('components.up')}>
                    <Button
                      size="small"
                      icon={<ArrowUpOutlined />}
                      disabled={i === 0}
                      onClick={() => move(i, i - 1)}
                      aria-label={t('components.up')}
                    />
                  </Tooltip>
                  <Tooltip title={t('components.down')}>
                    <Button
                      size="small"
                      icon={<ArrowDownOutlined />}
                      disabled={i === fields.length - 1}
                      onClick={() => move(i, i + 1)}
                      aria-label={t('components.down')}
                    />
                  </Tooltip>
                  <Tooltip title={t('components.removeElement')}>
                    <Button
                      size="small"
                      danger
                      icon={<DeleteOutlined />}
                      onClick={() => remove(i)}
                      aria-label={t('components.removeElement')}
                    />
                  </Tooltip>
                </Flex>
              }
            >
              <Form.List name={[field.name, 'components']}>
                {(rows, list, meta) => (
                  <>
                    {rows.map((row, j) => (
                      <ComponentRow
                        key={row.key}
                        element={i}
                        index={j}
                        currency={currency}
                        onRemove={() => list.remove(j)}
                      />
                    ))}
                    <Form.ErrorList errors={meta.errors} />
                    <Button
                      type="dashed"
                      size="small"
                      icon={<PlusOutlined />}
                      disabled={rows.length >= PRICE_COMPONENT_TYPES.length}
                      onClick={() =>
                        list.add({
                          type: unusedType(
                            form.getFieldValue(['elements', i]) as ElementFormValues | undefined,
                          ),
                          stepSize: 1,
                        })
                      }
                      data-testid={`tariff-element-${i}-add-component`}
                    >
                      {t('components.addComponent')}
                    </Button>
                  </>
                )}
              </Form.List>
              <Divider titlePlacement="start" plain style={{ margin: '12px 0' }}>
                {t('components.when')}
              </Divider>
              <RestrictionFields element={field.name} />
            </Card>
          ))}
          <Form.ErrorList errors={errors} />
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            onClick={() => add({ components: [{ type: 'ENERGY', stepSize: 1 }] } satisfies ElementFormValues)}
            data-testid="tariff-add-element"
          >
            {t('components.addElement')}
          </Button>
        </Flex>
      )}
    </Form.List>
  );
}

function unusedType(element: ElementFormValues | undefined): PriceComponentType {
  const used = new Set((element?.components ?? []).map((c) => c?.type));
  return PRICE_COMPONENT_TYPES.find((type) => !used.has(type)) ?? 'ENERGY';
}

function ComponentRow({
  element,
  index,
  currency,
  onRemove,
}: {
  element: number;
  index: number;
  currency: string;
  onRemove: () => void;
}) {
  const { t, i18n } = useTranslation('tariffs');
  const lng = i18n.language;
  const path = ['elements', element, 'components', index];
  const type = Form.useWatch([...path, 'type']) as ComponentFormValues['type'] | undefined;
  const price = Form.useWatch([...path, 'price']) as number | null | undefined;
  const perTime = type === 'TIME' || type === 'PARKING_TIME';
  const name = (f: string) => [index, f];
  return (
    <Row gutter={8} align="top" data-testid={`price-component-${element}-${index}`}>
      <Col xs={24} md={6}>
        <Form.Item label={t('components.type')} name={name('type')} rules={[{ required: true }]}>
          <Select
            options={PRICE_COMPONENT_TYPES.map((v) => ({ value: v, label: t(`componentTypes.${v}`) }))}
            data-testid={`price-component-${element}-${index}-type`}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={7}>
        <Form.Item
          label={t('components.price')}
          name={name('price')}
          rules={[{ required: true }, { type: 'number', min: 0, max: MAX_MAJOR }]}
          extra={
            perTime && price
              ? t('components.perMinute', { price: perMinute(price, currency, lng) })
              : undefined
          }
        >
          <InputNumber<number>
            min={0}
            max={MAX_MAJOR}
            precision={2}
            decimalSeparator={decimalSeparator(lng)}
            prefix={currencySymbol(currency, lng)}
            suffix={type ? t(`components.per.${type}`) : undefined}
            style={{ width: '100%' }}
            aria-label={t('components.price')}
          />
        </Form.Item>
      </Col>
      {type !== 'FLAT' && (
        <Col xs={12} md={4}>
          <Form.Item
            label={t('components.stepSize')}
            name={name('stepSize')}
            tooltip={t('components.stepSizeHint')}
            rules={[{ type: 'integer', min: 1, max: MAX_STEP }]}
          >
            <InputNumber<number>
              min={1}
              max={MAX_STEP}
              precision={0}
              suffix={type === 'ENERGY' ? 'Wh' : t('components.seconds')}
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Col>
      )}
      {type === 'PARKING_TIME' && (
        <Col xs={12} md={5}>
          <Form.Item
            label={t('components.grace')}
            name={name('graceMinutes')}
            rules={[{ type: 'integer', min: 0, max: MAX_STEP / 60 }]}
          >
            <InputNumber<number>
              min={0}
              max={MAX_STEP / 60}
              precision={0}
              suffix={t('preview.min')}
              style={{ width: '100%' }}
              aria-label={t('components.grace')}
            />
          </Form.Item>
        </Col>
      )}
      <Col flex="none" style={{ paddingTop: 30 }}>
        <Button
          type="text"
          danger
          icon={<DeleteOutlined />}
          onClick={onRemove}
          aria-label={t('components.removeComponent')}
        />
      </Col>
    </Row>
  );
}

/** A price per hour said per minute, as drivers read it (four decimals at most). */
function perMinute(perHourMajor: number, currency: string, lng: string) {
  const minor = Math.round(perHourMajor * 100) / 60;
  return new Intl.NumberFormat(lng, {
    style: 'currency',
    currency,
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: 2,
    maximumFractionDigits: 4,
  }).format(minor / 100);
}
