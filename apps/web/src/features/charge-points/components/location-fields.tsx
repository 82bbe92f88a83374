import { lazy, Suspense } from 'react';
import {
  Card,
  Col,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Skeleton,
  Typography,
  type FormInstance,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { decimalSeparator } from '../../../lib/billing-format';
import { countryName } from '../../../lib/format';
import { useCities, useCountries } from '../api/get-reference';
import type { ChargePointFormValues } from './form-types';

// Leaflet stays out of the form's chunk until the map is drawn.
const LocationMap = lazy(() => import('./location-map'));

const round = (n: number) => Math.round(n * 1e6) / 1e6;

/** Country, then city (which centres the map), address, and coordinates typed or picked on the map. */
export function LocationFields({ form }: { form: FormInstance<ChargePointFormValues> }) {
  const { t, i18n } = useTranslation('chargePoints');
  const countryCode = Form.useWatch('countryCode', form);
  const latitude = Form.useWatch('latitude', form);
  const longitude = Form.useWatch('longitude', form);
  const countries = useCountries();
  const cities = useCities(countryCode);

  return (
    <Card title={t('form.location')} style={{ marginBottom: 16 }}>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item label={t('fields.country')} name="countryCode">
            <Select
              allowClear
              // Named in the interface language; found by that name or the one the server gives.
              showSearch={{ optionFilterProp: 'search' }}
              loading={countries.isPending}
              onChange={() => form.setFieldValue('city', undefined)}
              options={countries.data
                ?.map((c) => ({ c, name: countryName(c.id, i18n.language) || c.name }))
                .sort((a, b) => a.name.localeCompare(b.name, i18n.language))
                .map(({ c, name }) => ({
                  value: c.id,
                  label: `${c.flag} ${name}`,
                  search: `${name} ${c.name}`,
                }))}
              data-testid="cp-form-country"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label={t('fields.city')} name="city" rules={[{ max: 100 }]}>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              disabled={!countryCode}
              loading={Boolean(countryCode) && cities.isPending}
              onChange={(name?: string) => {
                const city = cities.data?.find((c) => c.name === name);
                if (city?.latitude != null && city.longitude != null)
                  form.setFieldsValue({ latitude: city.latitude, longitude: city.longitude });
              }}
              options={cities.data?.map((c) => ({ value: c.name, label: c.name }))}
              data-testid="cp-form-city"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label={t('fields.addressLine1')} name="addressLine1" rules={[{ max: 200 }]}>
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label={t('fields.addressLine2')} name="addressLine2" rules={[{ max: 200 }]}>
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={4}>
          <Form.Item label={t('fields.zipCode')} name="zipCode" rules={[{ max: 20 }]}>
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item
            label={t('fields.latitude')}
            name="latitude"
            rules={[{ type: 'number', min: -90, max: 90 }]}
          >
            <InputNumber
              style={{ width: '100%' }}
              step={0.0001}
              decimalSeparator={decimalSeparator(i18n.language)}
            />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item
            label={t('fields.longitude')}
            name="longitude"
            rules={[{ type: 'number', min: -180, max: 180 }]}
          >
            <InputNumber
              style={{ width: '100%' }}
              step={0.0001}
              decimalSeparator={decimalSeparator(i18n.language)}
            />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Typography.Paragraph type="secondary">{t('form.mapHint')}</Typography.Paragraph>
          <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: 320 }} />}>
            <LocationMap
              label={t('form.map')}
              latitude={latitude}
              longitude={longitude}
              onPick={(lat, lng) => form.setFieldsValue({ latitude: round(lat), longitude: round(lng) })}
            />
          </Suspense>
        </Col>
      </Row>
    </Card>
  );
}
