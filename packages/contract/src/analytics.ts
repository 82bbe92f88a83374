import { z } from 'zod';
import { IsoTime } from './common.js';
import { CloseFields } from './charge-points.js';

/** The longest span a dashboard adds up: ten years. */
export const MAX_ANALYTICS_DAYS = 3660;

export const AnalyticsQuery = z
  .object({
    operatorId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
    from: IsoTime.optional(),
    to: IsoTime.optional(),
    /** IANA time zone that days are counted in (default UTC), e.g. Europe/Istanbul. */
    tz: z.string().max(64).optional(),
  })
  .refine(
    (q) => !q.from || !q.to || Date.parse(q.to) - Date.parse(q.from) <= MAX_ANALYTICS_DAYS * 86_400_000,
    { message: 'validation.rangeTooLong', path: ['to'] },
  );
export type AnalyticsQuery = z.input<typeof AnalyticsQuery>;

const Figures = z.object({ sessions: z.number().int(), energyWh: z.number(), revenue: z.number() });
export type Figures = z.infer<typeof Figures>;

const ChargePointFigure = z.object({
  id: z.number().int(),
  chargePointId: z.string(),
  name: z.string(),
  value: z.number(),
});

export const Analytics = z.object({
  from: z.string(),
  to: z.string(),
  previousFrom: z.string(),
  previousTo: z.string(),
  timeZone: z.string(),
  chargePoints: z.object({
    total: z.number().int(),
    online: z.number().int(),
    offline: z.number().int(),
    faulted: z.number().int(),
  }),
  connectors: z.array(z.object({ status: z.string(), count: z.number().int() })),
  activeSessions: z.number().int(),
  today: Figures,
  range: Figures,
  previousRange: Figures,
  perDay: z.array(
    z.object({ day: z.string(), sessions: z.number().int(), energyWh: z.number(), revenue: z.number() }),
  ),
  /** Charging time over available time (range × connectors), 0..1. */
  utilisation: z.object({
    average: z.number(),
    top: z.array(ChargePointFigure),
    bottom: z.array(ChargePointFigure),
  }),
  /** Connected share of the range from the connection history, 0..1. */
  uptime: z.object({ average: z.number(), lowest: z.array(ChargePointFigure) }),
  recentEvents: z.array(
    z.object({
      id: z.number().int(),
      chargePointDbId: z.number().int(),
      chargePointId: z.string(),
      name: z.string(),
      kind: z.enum(['fault', 'disconnect']),
      at: z.string(),
      /** The event as stored text; the fields below say it in parts the portal translates. */
      detail: z.string().nullable(),
      /** A fault: its connector (0 for the whole charge point), OCPP error code and the charger's words. */
      connectorId: z.number().int().nullable(),
      errorCode: z.string().nullable(),
      info: z.string().nullable(),
      vendorErrorCode: z.string().nullable(),
      ...CloseFields,
    }),
  ),
});
export type Analytics = z.infer<typeof Analytics>;

/** A charge point on the network map. */
export const MapPoint = z.object({
  id: z.number().int(),
  chargePointId: z.string(),
  name: z.string(),
  operatorId: z.number().int(),
  operatorName: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  /** available | charging | faulted | offline */
  state: z.enum(['available', 'charging', 'faulted', 'offline']),
  connectors: z.array(
    z.object({
      connectorId: z.number().int(),
      status: z.string(),
      connectorType: z.string().nullable(),
      maximumPower: z.number().nullable(),
    }),
  ),
});
export type MapPoint = z.infer<typeof MapPoint>;
export const MapQuery = z.object({
  operatorId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  state: z.enum(['available', 'charging', 'faulted', 'offline']).optional(),
});
