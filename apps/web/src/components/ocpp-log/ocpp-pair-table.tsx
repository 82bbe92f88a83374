import { Col, Row, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { HiddenTitle } from '../list-table/hidden-title';
import type { OcppLogPair, Page } from '@voltline/contract';
import { formatNumber } from '../../lib/format';
import { useListTableProps } from '../list-table/columns';
import { OneLine } from '../list-table/one-line';
import { DirectionTag, MessageTypeTag } from './frame-tags';
import { FramePayload } from './frame-payload';
import { useListPagination } from '../list-table/pagination';
import { formatLogTime } from './time';

/** One row per CALL with its answer; expanding shows request and response side by side. */
export function OcppPairTable({
  page,
  loading,
  showChargePoint,
  onPage,
}: {
  page: Page<OcppLogPair> | undefined;
  loading: boolean;
  showChargePoint: boolean;
  onPage: (index: number) => void;
}) {
  const { t, i18n } = useTranslation('ocppLogs');
  const columns: TableColumnsType<OcppLogPair> = [
    {
      title: t('fields.at'),
      key: 'at',
      width: 200,
      render: (_, p) => <bdi>{formatLogTime(p.request.at, i18n.language)}</bdi>,
    },
    {
      title: t('fields.chargePoint'),
      key: 'cp',
      width: 150,
      hidden: !showChargePoint,
      render: (_, p) => <OneLine>{p.request.chargePointId}</OneLine>,
    },
    {
      title: t('fields.direction'),
      key: 'direction',
      width: 150,
      ellipsis: true,
      render: (_, p) => <DirectionTag direction={p.request.direction} />,
    },
    {
      // The only column without a width: it takes what the others leave.
      title: t('fields.action'),
      key: 'action',
      render: (_, p) => <OneLine>{p.request.action ?? '—'}</OneLine>,
    },
    {
      title: t('fields.answer'),
      key: 'answer',
      width: 150,
      render: (_, p) =>
        p.response ? <MessageTypeTag type={p.response.messageType} /> : <Tag>{t('pairs.noAnswer')}</Tag>,
    },
    {
      title: t('fields.responseTime'),
      key: 'rt',
      width: 120,
      align: 'end',
      render: (_, p) => {
        const ms = p.response?.responseTimeMs ?? p.request.responseTimeMs;
        return ms == null ? '' : t('ms', { value: formatNumber(ms, i18n.language) });
      },
    },
  ];
  // antd's expand column is 48 px wide.
  const tableProps = useListTableProps(columns, 48);
  return (
    <Table<OcppLogPair>
      rowKey={(p) => p.request.id}
      columns={columns}
      dataSource={page?.items}
      loading={loading}
      {...tableProps}
      expandable={{
        columnTitle: <HiddenTitle name="details" />,
        expandedRowRender: (p) => (
          <Row gutter={16}>
            <Col xs={24} lg={12}>
              <Typography.Text strong>{t('pairs.request')}</Typography.Text>
              <FramePayload entry={p.request} />
            </Col>
            <Col xs={24} lg={12}>
              <Typography.Text strong>{t('pairs.response')}</Typography.Text>
              {p.response ? (
                <FramePayload entry={p.response} />
              ) : (
                <Typography.Paragraph type="secondary">{t('pairs.noAnswer')}</Typography.Paragraph>
              )}
            </Col>
          </Row>
        ),
      }}
      pagination={useListPagination(page, onPage)}
      data-testid="ocpp-pair-table"
    />
  );
}
