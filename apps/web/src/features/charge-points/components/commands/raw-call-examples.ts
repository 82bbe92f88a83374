import type { OcppProtocol } from '@voltline/contract';

/**
 * A small valid request for the messages staff send most, to start from; the others start as `{}`
 * and the server's schema check says what they need.
 */
const EXAMPLES: Record<OcppProtocol, Record<string, object>> = {
  'ocpp1.6': {
    TriggerMessage: { requestedMessage: 'Heartbeat' },
    GetConfiguration: { key: ['HeartbeatInterval'] },
    ChangeConfiguration: { key: 'HeartbeatInterval', value: '300' },
    Reset: { type: 'Soft' },
    DataTransfer: { vendorId: 'com.example' },
  },
  'ocpp2.0.1': {
    TriggerMessage: { requestedMessage: 'Heartbeat' },
    GetVariables: {
      getVariableData: [{ component: { name: 'OCPPCommCtrlr' }, variable: { name: 'HeartbeatInterval' } }],
    },
    SetVariables: {
      setVariableData: [
        {
          component: { name: 'OCPPCommCtrlr' },
          variable: { name: 'HeartbeatInterval' },
          attributeValue: '300',
        },
      ],
    },
    GetBaseReport: { requestId: 1, reportBase: 'SummaryInventory' },
    Reset: { type: 'OnIdle' },
    DataTransfer: { vendorId: 'com.example' },
  },
};

/** The request an action's editor starts with. */
export function exampleOf(protocol: OcppProtocol, action: string): string {
  return JSON.stringify(EXAMPLES[protocol][action] ?? {}, null, 2);
}
