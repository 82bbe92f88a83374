import dayjs, { type Dayjs } from 'dayjs';
import type {
  DayOfWeek,
  PriceComponent,
  PriceComponentType,
  TariffComponents,
  TariffElement,
  TariffRestrictions,
} from '@voltline/contract';
import { toMajor, toMinor } from '../../lib/billing-format';

/** One price component as the form holds it: the price in major units (8.50), as people type it. */
export interface ComponentFormValues {
  type: PriceComponentType;
  price?: number | null;
  /** Wh for ENERGY, seconds for TIME and PARKING_TIME; unused for FLAT. */
  stepSize?: number | null;
  graceMinutes?: number | null;
}

/** When an element applies, as the form holds it: durations in minutes, dates as pickers give them. */
export interface RestrictionFormValues {
  startTime?: string | null;
  endTime?: string | null;
  startDate?: Dayjs | null;
  endDate?: Dayjs | null;
  dayOfWeek?: DayOfWeek[] | null;
  minKwh?: number | null;
  maxKwh?: number | null;
  minPowerKw?: number | null;
  maxPowerKw?: number | null;
  minDurationMinutes?: number | null;
  maxDurationMinutes?: number | null;
}

export interface ElementFormValues {
  components?: ComponentFormValues[];
  restrictions?: RestrictionFormValues;
}

const given = <T>(v: T | null | undefined): v is T => v !== null && v !== undefined && v !== '';
const text = (v: string | null | undefined) => (v && v.trim() ? v.trim() : undefined);

function restrictionsOf(r: RestrictionFormValues | undefined): TariffRestrictions | undefined {
  if (!r) return undefined;
  const out: TariffRestrictions = {};
  const startTime = text(r.startTime);
  const endTime = text(r.endTime);
  if (startTime) out.startTime = startTime;
  if (endTime) out.endTime = endTime;
  if (r.startDate) out.startDate = r.startDate.format('YYYY-MM-DD');
  if (r.endDate) out.endDate = r.endDate.format('YYYY-MM-DD');
  if (r.dayOfWeek?.length) out.dayOfWeek = r.dayOfWeek;
  // kWh to whole Wh, as the engine reads them (8.1234 would not be accepted anyway).
  if (given(r.minKwh)) out.minKwh = Math.round(r.minKwh * 1000) / 1000;
  if (given(r.maxKwh)) out.maxKwh = Math.round(r.maxKwh * 1000) / 1000;
  if (given(r.minPowerKw)) out.minPowerKw = r.minPowerKw;
  if (given(r.maxPowerKw)) out.maxPowerKw = r.maxPowerKw;
  if (given(r.minDurationMinutes)) out.minDurationSeconds = Math.round(r.minDurationMinutes * 60);
  if (given(r.maxDurationMinutes)) out.maxDurationSeconds = Math.round(r.maxDurationMinutes * 60);
  return Object.keys(out).length > 0 ? out : undefined;
}

function componentOf(c: ComponentFormValues): PriceComponent {
  return {
    type: c.type,
    // Exact: a price typed with two decimals is a whole number of minor units (see toMinor).
    price: given(c.price) ? toMinor(c.price) : 0,
    stepSize: c.type !== 'FLAT' && given(c.stepSize) ? c.stepSize : 1,
    ...(c.type === 'PARKING_TIME' && given(c.graceMinutes) ? { graceMinutes: c.graceMinutes } : {}),
  };
}

/** Form → the API's components. Elements with nothing to charge yet are sent as typed (the server names the field). */
export function componentsOf(elements: ElementFormValues[] | undefined): TariffComponents {
  return {
    elements: (elements ?? []).map((e): TariffElement => {
      const restrictions = restrictionsOf(e.restrictions);
      return {
        priceComponents: (e.components ?? []).filter((c) => c?.type).map(componentOf),
        ...(restrictions ? { restrictions } : {}),
      };
    }),
  };
}

/** The API's components → what the form shows, in major units and minutes. */
export function elementsOf(components: TariffComponents): ElementFormValues[] {
  return components.elements.map((e) => ({
    components: e.priceComponents.map((c) => ({
      type: c.type,
      price: toMajor(c.price),
      stepSize: c.type === 'FLAT' ? null : c.stepSize,
      graceMinutes: c.graceMinutes ?? null,
    })),
    restrictions: formRestrictions(e.restrictions),
  }));
}

function formRestrictions(r: TariffRestrictions | undefined): RestrictionFormValues {
  if (!r) return {};
  return {
    startTime: r.startTime ?? null,
    endTime: r.endTime ?? null,
    startDate: r.startDate ? dayjs(r.startDate) : null,
    endDate: r.endDate ? dayjs(r.endDate) : null,
    dayOfWeek: r.dayOfWeek ?? null,
    minKwh: r.minKwh ?? null,
    maxKwh: r.maxKwh ?? null,
    minPowerKw: r.minPowerKw ?? null,
    maxPowerKw: r.maxPowerKw ?? null,
    minDurationMinutes: r.minDurationSeconds === undefined ? null : r.minDurationSeconds / 60,
    maxDurationMinutes: r.maxDurationSeconds === undefined ? null : r.maxDurationSeconds / 60,
  };
}

/** Deep equality that ignores key order and absent-vs-undefined keys (stored JSON reorders keys). */
export function sameComponents(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return (
      Array.isArray(a) &&
      Array.isArray(b) &&
      a.length === b.length &&
      a.every((v, i) => sameComponents(v, b[i]))
    );
  }
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const keys = (o: object) =>
    Object.entries(o)
      .filter(([, v]) => v !== undefined)
      .map(([k]) => k)
      .sort();
  const ka = keys(a);
  const kb = keys(b);
  return (
    ka.length === kb.length &&
    ka.every(
      (k, i) =>
        k === kb[i] && sameComponents((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]),
    )
  );
}
