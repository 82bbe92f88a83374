import { variableKey, type DeviceVariable, type VariableAttribute } from '@voltline/contract';

/** One component of the device model with its variables, as the Configuration tab lists them. */
export interface ComponentNode {
  key: string;
  name: string;
  instance: string | null;
  evseId: number | null;
  connectorId: number | null;
  variables: DeviceVariable[];
}

/** Groups the stored variables by component (name, instance, EVSE, connector), keeping the server's order. */
export function componentTree(variables: DeviceVariable[]): ComponentNode[] {
  const nodes = new Map<string, ComponentNode>();
  for (const v of variables) {
    const c = v.component;
    const key = variableKey(c, { name: '' });
    let node = nodes.get(key);
    if (!node) {
      node = {
        key,
        name: c.name,
        instance: c.instance ?? null,
        evseId: c.evseId ?? null,
        connectorId: c.connectorId ?? null,
        variables: [],
      };
      nodes.set(key, node);
    }
    node.variables.push(v);
  }
  return [...nodes.values()];
}

/**
 * The tree narrowed to a search: a component whose name matches keeps all its variables; otherwise
 * only its variables whose names match, and a component with none is left out. Case is ignored.
 */
export function searchTree(tree: ComponentNode[], text: string): ComponentNode[] {
  const q = text.trim().toLowerCase();
  if (!q) return tree;
  const has = (s: string | null | undefined) => !!s && s.toLowerCase().includes(q);
  return tree.flatMap((node) => {
    if (has(node.name) || has(node.instance)) return [node];
    const variables = node.variables.filter((v) => has(v.variable.name) || has(v.variable.instance));
    return variables.length > 0 ? [{ ...node, variables }] : [];
  });
}

/** The attribute staff edit inline: Actual if writable, else the first writable one; none when all are read-only. */
export function editableAttribute(v: DeviceVariable): VariableAttribute | undefined {
  const writable = v.attributes.filter((a) => a.mutability !== 'ReadOnly');
  return writable.find((a) => a.type === 'Actual') ?? writable[0];
}
