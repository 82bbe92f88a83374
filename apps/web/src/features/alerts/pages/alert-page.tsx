import { Card, Col, Descriptions, Result, Row, Table, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { AlertSubject } from '@voltline/contract';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { useCan } from '../../../hooks/use-permission';
import { formatDateTime } from '../../../lib/format';
import { useAlert } from '../api/get-alerts';
import { AlertActions } from '../components/alert-actions';
import { AlertHistory } from '../components/alert-history';
import { AlertStateTag } from '../components/alert-state-tag';
import { ALERTS_PATH } from '../paths';

/** One alert (the e-mail's link): its chargers with since and back-at, its history, and its steps. */
export default function AlertPage() {
  const { t } = useTranslation('alerts');
  const id = Number(useParams().alertId);
  const canWrite = useCan('alerts:write');
  const alert = useAlert(id);

  if (alert.isPending && Number.isInteger(id) && id > 0) return <PageLoader />;
  const a = alert.data;
  if (!a) return <Result status="404" title={t('detail.notFound')} data-testid="alert-not-found" />;

  const columns: TableColumnsType<AlertSubject> = [
    {
      title: t('fields.charger'),
      key: 'charger',
      render: (_, s) =>
        s.chargePointName && s.chargePointName !== s.chargePointId
          ? `${s.chargePointName} (${s.chargePointId})`
          : s.chargePointId,
    },
    { title: t('fields.since'), key: 'since', render: (_, s) => formatDateTime(s.since) },
    {
      title: t('fields.backAt'),
      key: 'backAt',
      render: (_, s) =>
        s.clearedAt ? formatDateTime(s.clearedAt) : <Tag color="red">{t('detail.stillOffline')}</Tag>,
    },
  ];

  return (
    <>
      <PageHeader
        backTo={ALERTS_PATH}
        title={
          <span data-testid="alert-title">
            {t(`kinds.${a.kind}`)} <AlertStateTag alert={a} />
          </span>
        }
        subtitle={t('detail.subtitle', { id: a.id, operator: a.operatorName })}
        extra={canWrite && <AlertActions alert={a} />}
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={14}>
          <Card title={t('detail.summary')} style={{ marginBottom: 16 }}>
            <Descriptions column={1} size="small">
              <Descriptions.Item label={t('fields.operator')}>{a.operatorName}</Descriptions.Item>
              <Descriptions.Item label={t('fields.raisedAt')}>{formatDateTime(a.raisedAt)}</Descriptions.Item>
              <Descriptions.Item label={t('fields.acknowledgedAt')}>
                {a.acknowledgedAt ? formatDateTime(a.acknowledgedAt) : t('detail.notYet')}
              </Descriptions.Item>
              <Descriptions.Item label={t('fields.assignee')}>
                <span data-testid="alert-assignee-name">{a.assignedToName ?? t('detail.unassigned')}</span>
              </Descriptions.Item>
              <Descriptions.Item label={t('fields.resolvedAt')}>
                {a.resolvedAt ? formatDateTime(a.resolvedAt) : t('detail.notYet')}
              </Descriptions.Item>
            </Descriptions>
          </Card>
          <Card title={t('detail.chargers', { count: a.subjectCount })} styles={{ body: { padding: 0 } }}>
            <Table<AlertSubject>
              rowKey="chargePointId"
              columns={columns}
              dataSource={a.subjects}
              pagination={false}
              data-testid="alert-chargers"
            />
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card title={t('detail.history')}>
            <AlertHistory history={a.history} />
          </Card>
        </Col>
      </Row>
    </>
  );
}
