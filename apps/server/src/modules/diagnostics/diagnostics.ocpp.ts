import type { Db } from '../../db/client.js';
import type { UploadedFile } from '../files/files.service.js';
import * as repo from './diagnostics.repository.js';
import type { DiagnosticsService } from './diagnostics.service.js';

/** The charger's side of diagnostics: its status notifications and the files it uploads. */
export class DiagnosticsOcpp {
  constructor(
    private readonly db: Db,
    private readonly service: Pick<DiagnosticsService, 'removeFiles'>,
  ) {}

  /**
   * DiagnosticsStatusNotification moves the charger's newest open request on. `Idle` (the answer
   * to a TriggerMessage when no upload runs) changes nothing.
   */
  async statusNotification(chargePointId: number, status: string): Promise<void> {
    if (status !== 'Uploading' && status !== 'Uploaded' && status !== 'UploadFailed') return;
    const request = await repo.newestOpen(this.db, chargePointId);
    if (!request) return;
    await repo.updateRequest(this.db, request.id, { status });
    if (status === 'UploadFailed') await this.dropPartial(request);
  }

  /**
   * LogStatusNotification (security edition) moves the GetLog its requestId names. Idle (only
   * sent when triggered, with no upload running) changes nothing; the refusals (BadMessage,
   * NotSupportedOperation, PermissionDenied: what the file server said) fail it like UploadFailure.
   */
  async logStatusNotification(
    chargePointId: number,
    status: string,
    requestId: number | undefined,
  ): Promise<void> {
    if (status === 'Idle' || requestId === undefined) return;
    const request = await repo.logRequest(this.db, chargePointId, requestId);
    if (!request || (request.status !== 'requested' && request.status !== 'Uploading')) return;
    if (status === 'Uploading' || status === 'Uploaded') {
      await repo.updateRequest(this.db, request.id, { status, error: null });
      return;
    }
    await repo.updateRequest(this.db, request.id, { status: 'UploadFailed', error: status });
    await this.dropPartial(request);
  }

  /**
   * FTP marks the end of a file only by closing the data connection, so a file stored under a
   * failed request's grant may be the short remainder of a transfer that broke off: it is not kept.
   */
  private async dropPartial(request: repo.DiagnosticsRow): Promise<void> {
    if (request.grantId === null) return;
    const files = await repo.filesOfGrant(this.db, request.grantId);
    await this.service.removeFiles(this.db, files, false);
    await repo.updateRequest(this.db, request.id, { storedFileId: null });
  }

  /** A charger's upload was stored: linked to the request whose grant it came under. */
  async fileArrived(file: UploadedFile): Promise<void> {
    if (file.kind !== 'diagnostics' || file.grantId === null) return;
    const request = await repo.byGrant(this.db, file.grantId);
    if (!request) return;
    // The charger already said the upload failed: what arrived is not the whole file.
    if (request.status === 'UploadFailed') {
      await this.service.removeFiles(this.db, [file], false);
      return;
    }
    await repo.updateRequest(this.db, request.id, { storedFileId: file.id });
  }
}
