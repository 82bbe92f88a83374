import { describe, expect, it } from 'vitest';
import { parentOptions } from './parent-options';

const op = (id: number, parentId: number | null, archived = false) => ({
  id,
  name: `op${id}`,
  parentId,
  archived,
});

describe('parent operator choices', () => {
  it('nests operators, starts at the top of what the user can reach and leaves archived ones out', () => {
    const tree = parentOptions([op(2, 1), op(3, 2), op(4, 2, true), op(5, 2)]);
    expect(tree.map((o) => o.value)).toEqual([2]);
    expect(tree[0]?.children.map((o) => o.value)).toEqual([3, 5]);
  });

  it('disables the operator itself and everything below it', () => {
    const tree = parentOptions([op(1, null), op(2, 1), op(3, 2), op(6, 1)], 2);
    const two = tree[0]?.children.find((o) => o.value === 2);
    expect(two?.disabled).toBe(true);
    expect(two?.children[0]?.disabled).toBe(true);
    expect(tree[0]?.children.find((o) => o.value === 6)?.disabled).toBeUndefined();
  });
});
