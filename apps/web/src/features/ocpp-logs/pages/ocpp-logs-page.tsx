import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { OcppLogView } from '../../../components/ocpp-log/ocpp-log-view';
import { logStateFromParams, logStateToParams } from '../../../components/ocpp-log/log-state';

export default function OcppLogsPage() {
  const { t } = useTranslation('ocppLogs');
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => logStateFromParams(params), [params]);
  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <OcppLogView state={state} onChange={(next) => setParams(logStateToParams(next), { replace: true })} />
    </>
  );
}
