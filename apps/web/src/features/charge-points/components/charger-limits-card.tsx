import { Alert, Button, Card, Empty, Flex, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { reportsChargingProfiles, type ChargePoint, type ReportedProfile } from '@voltline/contract';
import { useCan } from '../../../hooks/use-permission';
import { formatDateTime } from '../../../lib/format';
import { useAskProfileReport, useChargerLimits, useReportedProfiles } from '../api/charger-limits';
import { amountWords, externalLimitWords, needsWords, sourceWords } from '../charger-limits-words';

/**
 * The charger's own word on its limits: limits external systems set on it (K12), what the car
 * asked for (K15, K17), and, for a charger that reports them (2.0.1), the profiles it holds with
 * who installed each (K09), asked for again with Refresh.
 */
export function ChargerLimitsCard({ cp }: { cp: ChargePoint }) {
  const { t, i18n } = useTranslation('chargePoints');
  const lng = i18n.language;
  const reports = reportsChargingProfiles(cp.ocppProtocol);
  const canAsk = useCan('commands:write');
  const limits = useChargerLimits(cp.id);
  const reported = useReportedProfiles(cp.id, reports);
  const ask = useAskProfileReport(cp.id);
  const external = limits.data?.externalLimits ?? [];
  const needs = limits.data?.evNeeds ?? [];
  const report = reported.data;

  return (
    <Card title={t('limits.title')} size="small" style={{ marginTop: 16 }} data-testid="cp-charger-limits">
      <Flex vertical gap={8}>
        {external.length === 0 ? (
          <Typography.Text type="secondary">{t('limits.noExternal')}</Typography.Text>
        ) : (
          external.map((l) => (
            <Alert
              key={`${l.evseId}:${l.source}`}
              type="warning"
              showIcon
              data-testid="cp-external-limit"
              title={
                <Flex gap={8} wrap>
                  <span>{externalLimitWords(t, l, lng)}</span>
                  {l.gridCritical && <Tag color="red">{t('limits.gridCritical')}</Tag>}
                </Flex>
              }
            />
          ))
        )}
        {needs.map((n) => (
          <Alert
            key={n.evseId}
            type="info"
            showIcon
            data-testid="cp-ev-needs"
            title={needsWords(t, n, lng)}
            description={
              <>
                <div>{t(`limits.needs.answer.${n.answer}`, { defaultValue: n.answer })}</div>
                {n.schedule && (
                  <div>
                    {t('limits.needs.schedule', {
                      count: n.schedule.periods.length,
                      amount: amountWords(n.schedule.periods[0]?.limit ?? 0, n.schedule.unit, lng),
                    })}
                  </div>
                )}
              </>
            }
          />
        ))}
        {reports && (
          <ReportedProfilesTable
            profiles={report?.profiles ?? []}
            loading={reported.isPending}
            header={
              <Flex justify="space-between" align="center" wrap gap={8}>
                <Typography.Text strong>{t('limits.held')}</Typography.Text>
                <Typography.Text type="secondary" data-testid="cp-report-state">
                  {report?.awaitingReport
                    ? t('limits.awaiting')
                    : report?.reportedAt
                      ? t('limits.reportedAt', { at: formatDateTime(report.reportedAt, lng) })
                      : t('limits.neverReported')}
                </Typography.Text>
                {canAsk && (
                  <Button
                    size="small"
                    loading={ask.isPending}
                    disabled={cp.connection !== 'Connected'}
                    onClick={() => ask.mutate({})}
                    data-testid="cp-profiles-refresh"
                  >
                    {t('limits.refresh')}
                  </Button>
                )}
              </Flex>
            }
            empty={report?.status === 'NoProfiles' ? t('limits.noProfiles') : t('limits.noneReported')}
          />
        )}
      </Flex>
    </Card>
  );
}

function ReportedProfilesTable(props: {
  profiles: ReportedProfile[];
  loading: boolean;
  header: React.ReactNode;
  empty: string;
}) {
  const { t, i18n } = useTranslation('chargePoints');
  return (
    <Table<ReportedProfile>
      rowKey={(p) => `${p.evseId}:${p.source}:${p.profileId}`}
      size="small"
      title={() => props.header}
      loading={props.loading}
      dataSource={props.profiles}
      pagination={false}
      data-testid="cp-reported-profiles"
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={props.empty} /> }}
      columns={[
        {
          title: t('limits.evseColumn'),
          dataIndex: 'evseId',
          key: 'evse',
          width: 110,
          render: (v: number) => (v === 0 ? t('limits.wholeCharger') : v),
        },
        { title: t('profiles.id'), dataIndex: 'profileId', key: 'id', width: 100 },
        {
          title: t('profiles.purpose'),
          dataIndex: 'purpose',
          key: 'purpose',
          render: (v: string) => (
            <Tag color={v === 'ChargingStationExternalConstraints' ? 'orange' : undefined}>{v}</Tag>
          ),
        },
        {
          title: t('limits.sourceColumn'),
          dataIndex: 'source',
          key: 'source',
          render: (v: string) => <Tag color={v === 'CSO' ? 'blue' : 'orange'}>{sourceWords(t, v)}</Tag>,
        },
        { title: t('profiles.stackLevel'), dataIndex: 'stackLevel', key: 'stack', width: 110 },
        {
          title: t('limits.limitColumn'),
          key: 'limit',
          render: (_, p) => (p.periods[0] ? amountWords(p.periods[0].limit, p.unit, i18n.language) : '—'),
        },
      ]}
    />
  );
}
