import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OcppProtocol } from '@voltline/contract';

/** Translation key of each OCPP version's name (i18next keys cannot hold its dots). */
export const PROTOCOL_KEYS: Record<OcppProtocol, 'protocol.v16' | 'protocol.v201'> = {
  'ocpp1.6': 'protocol.v16',
  'ocpp2.0.1': 'protocol.v201',
};

/** Each version's tag colour, so the two are told apart at a glance in a list. */
const PROTOCOL_COLORS: Record<OcppProtocol, string> = { 'ocpp1.6': 'default', 'ocpp2.0.1': 'geekblue' };

/** "OCPP 1.6" / "OCPP 2.0.1": which version the charger last connected with. */
export function ProtocolTag({ protocol }: { protocol: OcppProtocol }) {
  const { t } = useTranslation('chargePoints');
  return (
    <Tag color={PROTOCOL_COLORS[protocol]} style={{ marginInlineEnd: 0 }} data-protocol={protocol}>
      {t(PROTOCOL_KEYS[protocol])}
    </Tag>
  );
}
