import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FIRMWARE_API, type Firmware, type FirmwareUploadFields, type Ok } from '@voltline/contract';
import { firmwareKeys } from '../../../api/firmware/keys';
import { apiClient, unwrap } from '../../../lib/api-client';

export interface FirmwareUpload {
  file: File;
  fields: FirmwareUploadFields;
  /** 0–100 as the bytes leave the browser. */
  onProgress?: (percent: number) => void;
}

/** The upload's form parts: the fields (models as a JSON array) and then the file. */
export function uploadForm(file: Blob, fileName: string, fields: FirmwareUploadFields): FormData {
  const form = new FormData();
  form.append('version', fields.version);
  if (fields.brand) form.append('brand', fields.brand);
  form.append('models', JSON.stringify(fields.models ?? []));
  if (fields.description) form.append('description', fields.description);
  if (typeof fields.operatorId === 'number') form.append('operatorId', String(fields.operatorId));
  if (fields.signingCertificate?.trim()) form.append('signingCertificate', fields.signingCertificate.trim());
  if (fields.signature?.trim()) form.append('signature', fields.signature.replace(/\s+/g, ''));
  // The file goes last: the server reads the fields before it streams the image to storage.
  form.append('file', file, fileName);
  return form;
}

/** Spec: POST portal/Ftp/UploadFirmware (multipart). Resolves with the stored image and its SHA-256. */
export const uploadFirmware = ({ file, fields, onProgress }: FirmwareUpload): Promise<Firmware> =>
  unwrap(
    apiClient.post<Ok<Firmware>>(FIRMWARE_API.upload, uploadForm(file, file.name, fields), {
      // A large image on a slow line takes longer than the usual request limit.
      timeout: 0,
      onUploadProgress: (e) => {
        if (e.total) onProgress?.(Math.round((e.loaded / e.total) * 100));
      },
    }),
  );

export function useUploadFirmware() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadFirmware,
    onSettled: () => queryClient.invalidateQueries({ queryKey: firmwareKeys.all }),
  });
}
