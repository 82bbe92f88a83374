import { Button, Table, type TableColumnType } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { DiagnosticsRequest, Page } from '@voltline/contract';
import { APP_PREFIX } from '../../../config/app';
import { actionsColumn, useListTableProps } from '../../../components/list-table/columns';
import { useListPagination } from '../../../components/list-table/pagination';
import { useFileDownload } from '../../../hooks/use-file-download';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { downloadDiagnostics } from '../api/download-diagnostics';
import { DiagnosticsKindTag, DiagnosticsStatusTag } from './status-tag';

const chargePointPath = (id: string) => `${APP_PREFIX}/management/device/detail/${encodeURIComponent(id)}`;

/** 1 536 → "1.5 KB", in the interface's number format. */
export function formatBytes(bytes: number, lng?: string): string {
  const units = ['B', 'KB', 'MB', 'GB'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const shown = unit === 0 ? value : Math.round(value * 10) / 10;
  return `${formatNumber(shown, lng)} ${units[unit]}`;
}

export function DiagnosticsTable({
  page,
  loading,
  onPage,
}: {
  page: Page<DiagnosticsRequest> | undefined;
  loading: boolean;
  onPage: (index: number) => void;
}) {
  const { t, i18n } = useTranslation('diagnostics');
  const files = useFileDownload();
  const [busy, setBusy] = useState<number | null>(null);
  const pagination = useListPagination(page, onPage);

  const timeWindow = (r: DiagnosticsRequest) =>
    r.startTime || r.stopTime
      ? `${r.startTime ? formatDateTime(r.startTime) : '…'} – ${r.stopTime ? formatDateTime(r.stopTime) : '…'}`
      : t('table.wholeLog');

  const download = (r: DiagnosticsRequest) => {
    setBusy(r.id);
    void files
      .download((p) => downloadDiagnostics(r.id, p), r.fileName ?? `diagnostics-${r.id}.log`)
      .finally(() => setBusy(null));
  };

  const columns: TableColumnType<DiagnosticsRequest>[] = [
    {
      title: t('table.chargePoint'),
      key: 'chargePoint',
      width: 150,
      render: (_, r) => <Link to={chargePointPath(r.chargePointId)}>{r.chargePointId}</Link>,
    },
    {
      title: t('table.requestedAt'),
      key: 'requestedAt',
      width: 150,
      render: (_, r) => formatDateTime(r.requestedAt),
    },
    {
      title: t('table.kind'),
      key: 'kind',
      width: 140,
      render: (_, r) => <DiagnosticsKindTag kind={r.kind} />,
    },
    { title: t('table.requestedBy'), key: 'requestedBy', width: 140, render: (_, r) => r.requestedBy ?? '—' },
    { title: t('table.window'), key: 'window', width: 230, render: (_, r) => timeWindow(r) },
    {
      title: t('table.status'),
      key: 'status',
      width: 140,
      render: (_, r) => <DiagnosticsStatusTag status={r.status} error={r.error} />,
    },
    { title: t('table.fileName'), key: 'fileName', render: (_, r) => r.fileName ?? '—' },
    {
      title: t('table.size'),
      key: 'size',
      width: 90,
      align: 'end',
      render: (_, r) => (r.size === null ? '—' : formatBytes(r.size, i18n.language)),
    },
    actionsColumn(t('table.actions'), 120, (r) =>
      r.downloadLink ? (
        <Button
          size="small"
          icon={<DownloadOutlined />}
          loading={busy === r.id}
          onClick={() => download(r)}
          data-testid="diagnostics-download"
        >
          {t('table.download')}
        </Button>
      ) : null,
    ),
  ];
  const tableProps = useListTableProps(columns);

  return (
    <Table<DiagnosticsRequest>
      {...tableProps}
      rowKey="id"
      columns={columns}
      dataSource={page?.items}
      loading={loading}
      pagination={pagination}
      data-testid="diagnostics-table"
    />
  );
}
