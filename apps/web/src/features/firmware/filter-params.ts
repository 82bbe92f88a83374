import type { DeviceFirmwareFilter } from '@voltline/contract';

const positive = (v: string | null) => {
  const n = Number.parseInt(v ?? '', 10);
  return n > 0 && n <= 2_147_483_647 ? n : undefined;
};
const text = (max: number) => (v: string | null) => {
  const s = v?.trim();
  return s && s.length <= max ? s : undefined;
};
const connection = (v: string | null) => (v === 'Connected' || v === 'Disconnected' ? v : undefined);

const PARSERS = {
  operatorId: positive,
  brand: text(100),
  model: text(100),
  firmwareVersion: text(50),
  connection,
  search: text(100),
} as const;
const KEYS = Object.keys(PARSERS) as (keyof typeof PARSERS)[];

export interface DeviceFirmwareView {
  index: number;
  filter: DeviceFirmwareFilter;
}

/** The device firmware list's page and filters live in the address (reload and shared links keep them). */
export function filterFromParams(params: URLSearchParams): DeviceFirmwareView {
  const index = Math.max(0, Number.parseInt(params.get('index') ?? '0', 10) || 0);
  const filter: DeviceFirmwareFilter = {};
  for (const key of KEYS) {
    const value = PARSERS[key](params.get(key));
    if (value !== undefined) Object.assign(filter, { [key]: value });
  }
  return { index, filter };
}

export function filterToParams({ index, filter }: DeviceFirmwareView): URLSearchParams {
  const params = new URLSearchParams();
  if (index > 0) params.set('index', String(index));
  for (const key of KEYS) {
    const value = filter[key];
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return params;
}
