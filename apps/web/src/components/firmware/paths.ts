import { APP_PREFIX } from '../../config/app';

// Shared so the charge point's Commands menu can link to the campaign it starts.
export const FIRMWARE_UPLOAD_PATH = `${APP_PREFIX}/management/firmware/upload`;
export const FIRMWARE_UPDATE_PATH = `${APP_PREFIX}/management/firmware/update`;
export const DEVICE_FIRMWARE_PATH = `${APP_PREFIX}/management/device/firmware`;

/** The update screen with one campaign's detail open. */
export const campaignPath = (id: number) => `${FIRMWARE_UPDATE_PATH}?campaign=${id}`;
