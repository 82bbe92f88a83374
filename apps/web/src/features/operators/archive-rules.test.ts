import { describe, expect, it } from 'vitest';
import { archiveBlock, countChargePoints, restoreBlock, type ArchiveFacts } from './archive-rules';

// 1 is the user's own top operator; 2 and 3 sit below it, 4 below 2; 5 is archived below 3.
const operators = [
  { id: 1, parentId: null, archived: false },
  { id: 2, parentId: 1, archived: false },
  { id: 3, parentId: 1, archived: false },
  { id: 4, parentId: 2, archived: false },
  { id: 5, parentId: 3, archived: true },
  { id: 6, parentId: 5, archived: true },
];
const facts: ArchiveFacts = {
  ownOperatorId: 1,
  operators,
  chargePoints: countChargePoints([
    { operatorId: 4, archived: false },
    { operatorId: 3, archived: true },
  ]),
};

describe('archiving an operator is offered only where the server allows it', () => {
  it("refuses the user's own operator, whatever is below it", () => {
    expect(archiveBlock(1, facts)).toBe('own');
    expect(archiveBlock(1, { ...facts, operators: [], chargePoints: new Map() })).toBe('own');
  });

  it('refuses an operator with live sub-operators, but not with archived ones only', () => {
    expect(archiveBlock(2, facts)).toBe('subOperators');
    expect(archiveBlock(3, facts)).toBeNull();
  });

  it('refuses an operator with active charge points; archived charge points do not count', () => {
    expect(archiveBlock(4, facts)).toBe('chargePoints');
    expect(facts.chargePoints?.get(3)).toBeUndefined();
  });

  it('restores an operator only below a live parent', () => {
    expect(restoreBlock({ parentId: 3 }, operators)).toBeNull();
    expect(restoreBlock({ parentId: 5 }, operators)).toBe('parentArchived');
    expect(restoreBlock({ parentId: null }, operators)).toBeNull();
  });
});
