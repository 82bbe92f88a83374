import { APP_PREFIX } from '../../config/app';

export const SMART_CHARGING_PATH = `${APP_PREFIX}/management/smartCharging`;
export const groupDetailPath = (id: number) => `${SMART_CHARGING_PATH}/detail/${id}`;
export const groupEditPath = (id: number) => `${SMART_CHARGING_PATH}/edit/${id}`;
/** A member's own screen (the charge point's detail), by its OCPP id. */
export const chargePointPath = (chargePointId: string) =>
  `${APP_PREFIX}/management/device/detail/${encodeURIComponent(chargePointId)}`;
