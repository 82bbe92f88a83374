export interface Pixel {
  x: number;
  y: number;
}

export interface Cluster<T> {
  items: T[];
  /** Mean position of the members, in the same (pixel) space as the input. */
  center: Pixel;
}

interface Cell<T> {
  cx: number;
  cy: number;
  items: T[];
  sx: number;
  sy: number;
  merged: boolean;
}

/**
 * Grid clustering: items whose projected positions fall in the same `cellSize` square form one
 * cluster; a neighbouring cell whose centre lies closer than three quarters of a cell joins it,
 * so markers on either side of a cell border do not overlap. Linear in the number of items, so a network of
 * thousands re-clusters on every zoom. Clusters keep the order their first member came in.
 */
export function gridCluster<T>(
  items: readonly T[],
  project: (item: T) => Pixel,
  cellSize: number,
): Cluster<T>[] {
  const cells = new Map<string, Cell<T>>();
  const keyOf = (cx: number, cy: number) => `${cx}:${cy}`;
  for (const item of items) {
    const p = project(item);
    const cx = Math.floor(p.x / cellSize);
    const cy = Math.floor(p.y / cellSize);
    let cell = cells.get(keyOf(cx, cy));
    if (!cell) {
      cell = { cx, cy, items: [], sx: 0, sy: 0, merged: false };
      cells.set(keyOf(cx, cy), cell);
    }
    cell.items.push(item);
    cell.sx += p.x;
    cell.sy += p.y;
  }
  const out: Cluster<T>[] = [];
  for (const cell of cells.values()) {
    if (cell.merged) continue;
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        const other = cells.get(keyOf(cell.cx + dx, cell.cy + dy));
        if (!other || other === cell || other.merged) continue;
        const d = Math.hypot(
          cell.sx / cell.items.length - other.sx / other.items.length,
          cell.sy / cell.items.length - other.sy / other.items.length,
        );
        if (d >= cellSize * 0.75) continue;
        other.merged = true;
        cell.items.push(...other.items);
        cell.sx += other.sx;
        cell.sy += other.sy;
      }
    }
    out.push({
      items: cell.items,
      center: { x: cell.sx / cell.items.length, y: cell.sy / cell.items.length },
    });
  }
  return out;
}

/** A CSS conic gradient whose slices show how many members are in each state. */
export function stateGradient<S extends string>(states: readonly S[], colors: Record<S, string>): string {
  const counts = new Map<S, number>();
  for (const s of states) counts.set(s, (counts.get(s) ?? 0) + 1);
  let start = 0;
  const stops: string[] = [];
  for (const [state, count] of counts) {
    const end = start + (count / states.length) * 360;
    stops.push(`${colors[state]} ${round(start)}deg ${round(end)}deg`);
    start = end;
  }
  return `conic-gradient(${stops.join(', ')})`;
}

const round = (n: number) => Math.round(n * 100) / 100;
