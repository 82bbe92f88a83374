import { Button, Progress, Space } from 'antd';
import { FileExcelOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** Excel export button with its progress: "Preparing file…" until the size is known, then a percentage. */
export function DownloadButton({ progress, onClick }: { progress: number | null; onClick: () => void }) {
  const { t } = useTranslation('common');
  const busy = progress !== null;
  return (
    <Space>
      <Button icon={<FileExcelOutlined />} loading={busy} onClick={onClick} data-testid="export-excel">
        {busy
          ? progress >= 0
            ? t('common.downloading', { percent: progress })
            : t('common.preparing')
          : t('actions.exportExcel')}
      </Button>
      {busy && progress >= 0 && <Progress type="circle" percent={progress} size={24} />}
    </Space>
  );
}
