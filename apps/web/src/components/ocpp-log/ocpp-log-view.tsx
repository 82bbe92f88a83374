import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { useOcppLogPairs } from '../../api/ocpp-logs/get-ocpp-log-pairs';
import { useOcppLogs } from '../../api/ocpp-logs/get-ocpp-logs';
import type { OcppLogState } from './log-state';
import { OcppLogFilters } from './ocpp-log-filters';
import { OcppLogTable } from './ocpp-log-table';
import { OcppPairTable } from './ocpp-pair-table';

/**
 * Filters and the frames (or request/response pairs) they select. With `chargePointId` the view
 * is one charge point's message trace.
 */
export function OcppLogView({
  state,
  chargePointId,
  onChange,
}: {
  state: OcppLogState;
  chargePointId?: string;
  onChange: (next: OcppLogState) => void;
}) {
  const { t } = useTranslation('ocppLogs');
  const filter = chargePointId ? { ...state.filter, ChargePointId: chargePointId } : state.filter;
  // Newest frames arrive on the first page; paging back through history stops the refresh.
  const live = state.live && state.index === 0;
  const frames = useOcppLogs(filter, state.index, live, state.view === 'frames');
  const pairs = useOcppLogPairs(filter, state.index, live, state.view === 'pairs');
  const onPage = (index: number) => onChange({ ...state, index });

  return (
    <>
      <OcppLogFilters state={state} fixedChargePoint={Boolean(chargePointId)} onChange={onChange} />
      <Card styles={{ body: { padding: 0 } }} aria-label={t('title')}>
        {state.view === 'frames' ? (
          <OcppLogTable
            page={frames.data}
            loading={frames.isPending}
            showChargePoint={!chargePointId}
            onPage={onPage}
          />
        ) : (
          <OcppPairTable
            page={pairs.data}
            loading={pairs.isPending}
            showChargePoint={!chargePointId}
            onPage={onPage}
          />
        )}
      </Card>
    </>
  );
}
