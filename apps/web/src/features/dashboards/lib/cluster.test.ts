import { describe, expect, it } from 'vitest';
import { gridCluster, stateGradient } from './cluster';

const at = (id: string, x: number, y: number) => ({ id, x, y });
const ids = (clusters: ReturnType<typeof gridCluster<{ id: string }>>) =>
  clusters.map((c) => c.items.map((i) => i.id));

describe('grid clustering', () => {
  it('groups items that fall in the same cell and keeps far ones apart', () => {
    const items = [at('a', 10, 10), at('b', 50, 40), at('c', 130, 10), at('d', 59, 59)];
    const clusters = gridCluster(items, (i) => i, 60);
    expect(ids(clusters)).toEqual([['a', 'b', 'd'], ['c']]);
  });

  it('centres a cluster on the mean of its members', () => {
    const [cluster] = gridCluster([at('a', 0, 0), at('b', 40, 20)], (i) => i, 60);
    expect(cluster?.center).toEqual({ x: 20, y: 10 });
  });

  it('splits a group once zooming in spreads it over several cells', () => {
    const items = [at('a', 10, 10), at('b', 50, 40)];
    expect(gridCluster(items, (i) => i, 60)).toHaveLength(1);
    const zoomedIn = gridCluster(items, (i) => ({ x: i.x * 4, y: i.y * 4 }), 60);
    expect(ids(zoomedIn)).toEqual([['a'], ['b']]);
  });

  it('joins neighbouring cells whose markers would overlap', () => {
    const items = [at('a', 55, 10), at('b', 58, 12), at('c', 65, 10), at('d', 170, 10)];
    expect(ids(gridCluster(items, (i) => i, 60))).toEqual([['a', 'b', 'c'], ['d']]);
    expect(ids(gridCluster([at('a', -1, 5), at('b', 1, 5)], (i) => i, 60))).toEqual([['a', 'b']]);
    // Neighbours a cell apart stay separate markers.
    expect(ids(gridCluster([at('a', 5, 5), at('b', 65, 5)], (i) => i, 60))).toEqual([['a'], ['b']]);
  });

  it('handles no items', () => {
    expect(gridCluster([], (i: { x: number; y: number }) => i, 60)).toEqual([]);
  });
});

describe('cluster colours', () => {
  it('gives each state a slice as large as its share', () => {
    const colors = { on: 'green', off: 'grey' };
    expect(stateGradient(['on', 'on', 'on', 'off'], colors)).toBe(
      'conic-gradient(green 0deg 270deg, grey 270deg 360deg)',
    );
  });
});
