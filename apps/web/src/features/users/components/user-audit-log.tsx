import { useState } from 'react';
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { AuditLogTable } from '../../../components/audit/audit-log-table';
import { DownloadButton } from '../../../components/download-button';
import { useFileDownload } from '../../../hooks/use-file-download';
import { datedFileName } from '../../../lib/download';
import { useUserAuditLogs } from '../api/get-user-audit-logs';
import { exportUserAuditLogs } from '../api/export-user-audit-logs';

/** What this user did in the portal, newest first, read as the audit log reads it. */
export function UserAuditLog({ userId }: { userId: number }) {
  const { t } = useTranslation('users');
  const [index, setIndex] = useState(0);
  const logs = useUserAuditLogs(userId, index);
  const excel = useFileDownload();

  return (
    <Card
      title={t('audit.title')}
      extra={
        <DownloadButton
          progress={excel.progress}
          onClick={() =>
            void excel.download((p) => exportUserAuditLogs(userId, p), datedFileName(`user-${userId}-audit`))
          }
        />
      }
      styles={{ body: { padding: 0 } }}
    >
      <AuditLogTable
        page={logs.data}
        loading={logs.isFetching}
        onPage={setIndex}
        showUser={false}
        emptyText={t('audit.empty')}
        testId="user-audit-table"
      />
    </Card>
  );
}
