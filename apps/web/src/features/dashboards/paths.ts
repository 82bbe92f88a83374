import { APP_PREFIX, HOME_PATH } from '../../config/app';

export const ANALYTICS_PATH = HOME_PATH;
export const MAP_PATH = `${APP_PREFIX}/dashboards/map`;
export const UPTIME_PATH = `${APP_PREFIX}/dashboards/uptime`;

/** The charge point detail screen (built in the charge points area), by its OCPP id. */
export const chargePointPath = (chargePointId: string) =>
  `${APP_PREFIX}/management/device/detail/${encodeURIComponent(chargePointId)}`;
