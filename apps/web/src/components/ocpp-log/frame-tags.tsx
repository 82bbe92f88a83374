import { Tag, Tooltip } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { OcppLogEntry } from '@voltline/contract';

const TYPE_COLORS: Record<OcppLogEntry['messageType'], string> = {
  CALL: 'blue',
  CALLRESULT: 'green',
  CALLERROR: 'red',
  INVALID: 'volcano',
};

export function MessageTypeTag({ type }: { type: OcppLogEntry['messageType'] }) {
  const { t } = useTranslation('ocppLogs');
  return (
    <Tooltip title={t(`types.${type}`)}>
      <Tag color={TYPE_COLORS[type]}>{type}</Tag>
    </Tooltip>
  );
}

/** "in" is charger → central system, "out" central system → charger. */
export function DirectionTag({ direction }: { direction: OcppLogEntry['direction'] }) {
  const { t } = useTranslation('ocppLogs');
  return (
    <Tag
      icon={direction === 'in' ? <ArrowDownOutlined /> : <ArrowUpOutlined />}
      color={direction === 'in' ? 'cyan' : 'purple'}
    >
      {t(`direction.${direction}`)}
    </Tag>
  );
}
