export {
  campaignPath,
  DEVICE_FIRMWARE_PATH,
  FIRMWARE_UPDATE_PATH,
  FIRMWARE_UPLOAD_PATH,
} from '../../components/firmware/paths';
