import type { ScreenRoute } from '../../config/screen-route';
import { lazyScreen } from '../../lib/lazy';
import { DEVICE_FIRMWARE_PATH, FIRMWARE_UPDATE_PATH, FIRMWARE_UPLOAD_PATH } from './paths';

export const FIRMWARE_ROUTES: ScreenRoute[] = [
  {
    path: DEVICE_FIRMWARE_PATH,
    permission: 'firmware:read',
    screen: lazyScreen(() => import('./pages/device-firmware-page')),
    menu: { key: 'deviceFirmware', label: 'menu.deviceFirmware', group: 'management', icon: 'Thunderbolt' },
  },
  {
    path: FIRMWARE_UPLOAD_PATH,
    permission: 'firmware:read',
    screen: lazyScreen(() => import('./pages/firmware-upload-page')),
    menu: { key: 'firmwareUpload', label: 'menu.firmwareUpload', group: 'management', icon: 'CloudUpload' },
  },
  {
    path: FIRMWARE_UPDATE_PATH,
    permission: 'firmware:read',
    screen: lazyScreen(() => import('./pages/firmware-update-page')),
    menu: { key: 'firmwareUpdate', label: 'menu.firmwareUpdate', group: 'management', icon: 'CloudSync' },
  },
];
