import { useState } from 'react';
import {
  Button,
  Card,
  Checkbox,
  Flex,
  Input,
  Popconfirm,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useTranslation } from 'react-i18next';
import {
  PAGE_SIZE,
  REFUSED_CUSTOMER_INFORMATION_STATES,
  type CustomerInformationRequest,
  type CustomerInformationState,
} from '@voltline/contract';
import { formatDateTime } from '../../../lib/format';
import { useAskCustomerInformation, useCustomerInformation } from '../api/customer-information';

function stateColor(status: CustomerInformationState): string {
  if (REFUSED_CUSTOMER_INFORMATION_STATES.includes(status)) return 'error';
  return status === 'completed' ? 'success' : 'processing';
}

/**
 * Data-protection requests (OCPP 2.0.1 N09/N10): staff ask one charger, or every connected one of
 * the driver's operator, what it holds about the driver's cards and/or to clear it; each request's
 * answer shows here, refusals in red.
 */
export function CustomerInformationSection({ driverId, editable }: { driverId: number; editable: boolean }) {
  const { t } = useTranslation('drivers');
  const [index, setIndex] = useState(0);
  const [chargePointId, setChargePointId] = useState('');
  const [report, setReport] = useState(true);
  const [clear, setClear] = useState(false);
  const requests = useCustomerInformation(driverId, index);
  const ask = useAskCustomerInformation();

  const send = () => {
    const id = chargePointId.trim();
    ask.mutate({ driverId, report, clear, ...(id ? { chargePointId: id } : {}) });
  };

  const columns: TableColumnsType<CustomerInformationRequest> = [
    {
      title: t('customerInformation.time'),
      key: 'time',
      width: 170,
      render: (_, r) => <bdi>{formatDateTime(r.createdAt)}</bdi>,
    },
    { title: t('customerInformation.chargePoint'), dataIndex: 'chargePointId', key: 'cp', width: 140 },
    { title: t('customerInformation.card'), dataIndex: 'idToken', key: 'card', width: 120 },
    {
      title: t('customerInformation.asked'),
      key: 'asked',
      width: 150,
      render: (_, r) => (
        <>
          {r.report && <Tag>{t('customerInformation.report')}</Tag>}
          {r.clear && <Tag>{t('customerInformation.clear')}</Tag>}
        </>
      ),
    },
    {
      title: t('customerInformation.status'),
      key: 'status',
      width: 220,
      render: (_, r) => (
        <Tag color={stateColor(r.status)} data-testid="customer-information-status">
          {t(`customerInformation.states.${r.status}`)}
        </Tag>
      ),
    },
    {
      title: t('customerInformation.answer'),
      key: 'answer',
      render: (_, r) =>
        r.data !== null ? (
          <Typography.Paragraph
            style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}
            data-testid="customer-information-data"
          >
            {r.data}
          </Typography.Paragraph>
        ) : r.error ? (
          <Typography.Text type="danger">{r.error}</Typography.Text>
        ) : r.status === 'completed' ? (
          <Typography.Text type="secondary">{t('customerInformation.noData')}</Typography.Text>
        ) : null,
    },
    { title: t('customerInformation.by'), dataIndex: 'requestedBy', key: 'by', responsive: ['lg'] },
  ];

  return (
    <Card title={t('customerInformation.title')} styles={{ body: { padding: 0 } }}>
      {editable && (
        <Flex vertical gap={8} style={{ padding: 16 }}>
          <Typography.Text type="secondary">{t('customerInformation.hint')}</Typography.Text>
          <Flex gap={12} wrap align="center">
            <Input
              style={{ width: 320 }}
              value={chargePointId}
              onChange={(e) => setChargePointId(e.target.value)}
              placeholder={t('customerInformation.allChargers')}
              aria-label={t('customerInformation.chargePoint')}
              data-testid="customer-information-charger"
            />
            <Checkbox checked={report} onChange={(e) => setReport(e.target.checked)}>
              {t('customerInformation.report')}
            </Checkbox>
            <Checkbox checked={clear} onChange={(e) => setClear(e.target.checked)}>
              {t('customerInformation.clear')}
            </Checkbox>
            <Popconfirm title={t('customerInformation.clearConfirm')} disabled={!clear} onConfirm={send}>
              <Button
                type="primary"
                loading={ask.isPending}
                disabled={!report && !clear}
                onClick={clear ? undefined : send}
                data-testid="customer-information-ask"
              >
                {t('customerInformation.ask')}
              </Button>
            </Popconfirm>
          </Flex>
        </Flex>
      )}
      <Table<CustomerInformationRequest>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={requests.data?.items}
        loading={requests.isPending}
        scroll={{ x: 960 }}
        locale={{ emptyText: t('customerInformation.empty') }}
        pagination={{
          current: index + 1,
          pageSize: PAGE_SIZE,
          total: requests.data?.total ?? 0,
          showSizeChanger: false,
          hideOnSinglePage: true,
          onChange: (p) => setIndex(p - 1),
        }}
        data-testid="customer-information-table"
      />
    </Card>
  );
}
