import { useCallback, useState } from 'react';
import type { AxiosProgressEvent } from 'axios';
import { saveBlob } from '../lib/download';

export type OnProgress = (event: AxiosProgressEvent) => void;

/**
 * Runs a blob download and reports its progress: null while idle, -1 while the server prepares
 * the file (no size known yet), 0–100 once bytes arrive with a known size.
 */
export function useFileDownload() {
  const [progress, setProgress] = useState<number | null>(null);

  const download = useCallback(
    async (fetchFile: (onProgress: OnProgress) => Promise<Blob>, fileName: string) => {
      setProgress(-1);
      try {
        const blob = await fetchFile((event) => {
          if (event.total) setProgress(Math.round((event.loaded / event.total) * 100));
        });
        saveBlob(blob, fileName);
      } catch {
        // The API client has already shown the error notice.
      } finally {
        setProgress(null);
      }
    },
    [],
  );

  return { download, progress, downloading: progress !== null };
}
