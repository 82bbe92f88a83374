import { describe, expect, it } from 'vitest';
import type { DeviceVariable } from '@voltline/contract';
import { componentTree, editableAttribute, searchTree } from './device-model-tree';

const variable = (
  component: string,
  name: string,
  mutability: 'ReadOnly' | 'ReadWrite' = 'ReadWrite',
  evseId: number | null = null,
): DeviceVariable => ({
  component: { name: component, instance: null, evseId, connectorId: null },
  variable: { name, instance: null },
  attributes: [{ type: 'Actual', value: '1', mutability, persistent: false, constant: false }],
  characteristics: null,
  reportedAt: '2026-11-27T00:00:00.000Z',
});

const tree = componentTree([
  variable('OCPPCommCtrlr', 'HeartbeatInterval'),
  variable('OCPPCommCtrlr', 'MessageTimeout', 'ReadOnly'),
  variable('TxCtrlr', 'EVConnectionTimeOut'),
  variable('EVSE', 'Power', 'ReadOnly', 1),
  variable('EVSE', 'Power', 'ReadOnly', 2),
]);

describe('the device model tree on the Configuration tab of an OCPP 2.0.1 charger', () => {
  it('groups variables by component, telling EVSEs apart', () => {
    expect(tree.map((n) => [n.name, n.evseId, n.variables.length])).toEqual([
      ['OCPPCommCtrlr', null, 2],
      ['TxCtrlr', null, 1],
      ['EVSE', 1, 1],
      ['EVSE', 2, 1],
    ]);
  });

  it('search by a component name keeps all its variables', () => {
    expect(
      searchTree(tree, 'commctrlr').map((n) => [n.name, n.variables.map((v) => v.variable.name)]),
    ).toEqual([['OCPPCommCtrlr', ['HeartbeatInterval', 'MessageTimeout']]]);
  });

  it('search by a variable name keeps only the matching variables and their components', () => {
    expect(searchTree(tree, 'TIMEOUT').map((n) => [n.name, n.variables.map((v) => v.variable.name)])).toEqual(
      [
        ['OCPPCommCtrlr', ['MessageTimeout']],
        ['TxCtrlr', ['EVConnectionTimeOut']],
      ],
    );
  });

  it('an empty search shows everything; a search that matches nothing shows nothing', () => {
    expect(searchTree(tree, '  ')).toBe(tree);
    expect(searchTree(tree, 'nothing like it')).toEqual([]);
  });

  it('only writable variables are editable', () => {
    expect(editableAttribute(variable('A', 'B'))?.type).toBe('Actual');
    expect(editableAttribute(variable('A', 'B', 'ReadOnly'))).toBeUndefined();
  });
});
