import { useState } from 'react';
import { Alert, Button, Card, DatePicker, Flex, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { FileExcelOutlined, FilePdfOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { useFileDownload } from '../../../hooks/use-file-download';
import { useSearchView } from '../../../hooks/use-search-view';
import { exportUptimeReport, useUptimeReport } from '../api/get-uptime-report';
import { OperatorFilter } from '../components/dashboard-filters';
import { isShort, minutesText, uptimeText } from '../../../lib/uptime-format';
import { lastMonth, monthParam, shortConnectors, uptimeRows, type UptimeRow } from '../lib/uptime';
import { chargePointPath } from '../paths';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

function parse(params: URLSearchParams) {
  const id = Number(params.get('operatorId'));
  const month = params.get('month') ?? '';
  return {
    operatorId: Number.isInteger(id) && id > 0 ? id : undefined,
    month: MONTH.test(month) ? month : monthParam(lastMonth()),
  };
}

function toParams(view: ReturnType<typeof parse>) {
  const params = new URLSearchParams({ month: view.month });
  if (view.operatorId) params.set('operatorId', String(view.operatorId));
  return params;
}

/**
 * Uptime as regulators count it (23 CFR 680.116(b)): an operator's month per connector, the part
 * of the outage staff excluded, and the Excel a tender or authority is given.
 */
export default function UptimePage() {
  const { t, i18n } = useTranslation('dashboards');
  const lng = i18n.language;
  const [{ operatorId, month }, setView] = useSearchView(parse, toParams);
  const report = useUptimeReport(operatorId, month);
  const data = report.data;
  const file = useFileDownload();
  const [format, setFormat] = useState<'excel' | 'pdf'>('excel');
  const download = (f: 'excel' | 'pdf') => {
    setFormat(f);
    void file.download(
      (p) => exportUptimeReport(operatorId, month, f, p),
      `uptime-${month}.${f === 'excel' ? 'xlsx' : 'pdf'}`,
    );
  };
  const target = data?.target ?? 97;

  const columns: ColumnsType<UptimeRow> = [
    {
      title: t('uptime.chargePoint'),
      key: 'chargePoint',
      render: (_, r) =>
        r.connectorId === null ? (
          <Link to={`${chargePointPath(r.chargePointId)}?tab=analytics`}>
            {r.chargePointId}
            {r.name !== r.chargePointId ? ` · ${r.name}` : ''}
          </Link>
        ) : (
          t('uptime.connector', { id: r.connectorId })
        ),
    },
    {
      title: t('uptime.minutes'),
      dataIndex: 'minutes',
      align: 'right',
      render: (v: number) => minutesText(v, lng),
    },
    {
      title: t('uptime.outage'),
      dataIndex: 'outageMinutes',
      align: 'right',
      render: (v: number) => minutesText(v, lng),
    },
    {
      title: t('uptime.excluded'),
      dataIndex: 'excludedMinutes',
      align: 'right',
      render: (v: number) => minutesText(v, lng),
    },
    {
      title: t('uptime.uptime'),
      dataIndex: 'uptime',
      align: 'right',
      render: (v: number | null) => (
        <Typography.Text type={isShort(v, target) ? 'danger' : undefined} strong={isShort(v, target)}>
          {uptimeText(v, lng)}
        </Typography.Text>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('uptime.title')}
        subtitle={t('uptime.subtitle')}
        extra={
          <>
            <OperatorFilter value={operatorId} onChange={(id) => setView({ operatorId: id })} />
            <DatePicker
              picker="month"
              allowClear={false}
              value={dayjs(`${month}-01`)}
              onChange={(m) => m && setView({ month: monthParam(m) })}
              disabledDate={(d) => d.isAfter(dayjs(), 'month')}
              aria-label={t('uptime.month')}
              data-testid="uptime-month"
            />
            <Button
              icon={<FileExcelOutlined />}
              loading={file.downloading && format === 'excel'}
              onClick={() => download('excel')}
              data-testid="uptime-excel"
            >
              {t('uptime.excel')}
            </Button>
            <Button
              icon={<FilePdfOutlined />}
              loading={file.downloading && format === 'pdf'}
              onClick={() => download('pdf')}
              data-testid="uptime-pdf"
            >
              {t('uptime.pdf')}
            </Button>
          </>
        }
      />
      {report.isError && !data && (
        <Alert type="error" showIcon title={t('uptime.loadFailed')} style={{ marginBottom: 16 }} />
      )}
      <Card loading={report.isPending}>
        {data && (
          <Flex vertical gap={12}>
            <Typography.Text data-testid="uptime-total">
              {t('uptime.total', {
                operator: data.operatorName,
                uptime: uptimeText(data.total.uptime, lng),
                short: shortConnectors(data),
                target: uptimeText(target, lng),
              })}
            </Typography.Text>
            <Typography.Text type="secondary">{t('uptime.rule')}</Typography.Text>
            <Table<UptimeRow>
              rowKey="key"
              size="small"
              columns={columns}
              dataSource={uptimeRows(data)}
              pagination={false}
              expandable={{ defaultExpandAllRows: true }}
              data-testid="uptime-table"
            />
          </Flex>
        )}
      </Card>
    </>
  );
}
