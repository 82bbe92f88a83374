import { useState } from 'react';
import { Button, Card, Flex, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { DeleteOutlined, DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE, type Firmware } from '@voltline/contract';
import { useFirmwares } from '../../../api/firmware/get-firmwares';
import { ConfirmAction } from '../../../components/confirm-action';
import { actionsColumn, useListTableProps } from '../../../components/list-table/columns';
import { OneLine } from '../../../components/list-table/one-line';
import { useFileDownload } from '../../../hooks/use-file-download';
import { useCan } from '../../../hooks/use-permission';
import { formatDateTime } from '../../../lib/format';
import { useDeleteFirmware } from '../api/delete-firmware';
import { downloadFirmware } from '../api/download-firmware';
import { formatBytes, shortSha } from '../file-check';

/** Every stored image with download, and delete (refused while a campaign sends it). */
export function FirmwareTable() {
  const { t, i18n } = useTranslation('firmware');
  const { t: tc } = useTranslation('common');
  const images = useFirmwares();
  const canWrite = useCan('firmware:write');
  const remove = useDeleteFirmware();
  const file = useFileDownload();
  const [downloading, setDownloading] = useState<number | null>(null);
  const lng = i18n.language;

  const columns: TableColumnsType<Firmware> = [
    {
      title: t('fields.fileName'),
      key: 'fileName',
      // The signed tag sits with the name, whose column takes the room left: the table then fits
      // the screen without scrolling sideways.
      render: (_, fw) => (
        <OneLine>
          {fw.fileName}{' '}
          {fw.signed && (
            <Tooltip title={fw.signedBy ? t('signing.signedBy', { subject: fw.signedBy }) : undefined}>
              <Tag color="green" data-testid="fw-signed">
                {t('signing.signed')}
              </Tag>
            </Tooltip>
          )}
        </OneLine>
      ),
    },
    {
      title: t('fields.version'),
      key: 'version',
      width: 110,
      render: (_, fw) => <OneLine>{fw.version}</OneLine>,
    },
    {
      title: t('fields.fits'),
      key: 'fits',
      width: 170,
      render: (_, fw) => (
        <OneLine>
          {fw.brand
            ? [fw.brand, fw.models.join(', ') || t('list.allModels')].join(' · ')
            : t('list.anyBrand')}
        </OneLine>
      ),
    },
    { title: t('fields.size'), key: 'size', width: 90, render: (_, fw) => formatBytes(fw.size, lng) },
    {
      title: t('fields.sha256'),
      key: 'sha256',
      width: 190,
      render: (_, fw) => (
        <Typography.Text code copyable={{ text: fw.sha256 }} title={fw.sha256}>
          {shortSha(fw.sha256)}
        </Typography.Text>
      ),
    },
    {
      title: t('fields.uploaded'),
      key: 'uploaded',
      width: 200,
      render: (_, fw) => (
        <Flex vertical>
          <bdi>{formatDateTime(fw.createdDate, lng)}</bdi>
          <Typography.Text type="secondary" ellipsis>
            {fw.createdBy ?? '—'}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('fields.operator'),
      key: 'operator',
      width: 140,
      responsive: ['lg'],
      render: (_, fw) => <OneLine>{fw.operatorName}</OneLine>,
    },
    actionsColumn(tc('common.actions'), canWrite ? 96 : 60, (fw) => (
      <Flex gap={4} justify="end">
        <Button
          type="text"
          icon={<DownloadOutlined />}
          aria-label={t('list.download', { fileName: fw.fileName })}
          loading={file.downloading && downloading === fw.id}
          disabled={file.downloading && downloading !== fw.id}
          onClick={() => {
            setDownloading(fw.id);
            void file.download((p) => downloadFirmware(fw.id, p), fw.fileName);
          }}
        />
        {canWrite && (
          <ConfirmAction
            icon={<DeleteOutlined />}
            label={t('list.delete', { fileName: fw.fileName })}
            blocked={fw.inUse ? t('list.inUse') : null}
            title={t('list.deleteTitle')}
            description={t('list.deleteConfirm', { fileName: fw.fileName, version: fw.version })}
            okText={tc('actions.delete')}
            loading={remove.isPending}
            onConfirm={() => remove.mutate(fw.id)}
            testId={`fw-delete-${fw.id}`}
          />
        )}
      </Flex>
    )),
  ];

  return (
    <Card title={t('list.title')} styles={{ body: { padding: 0 } }}>
      <Table<Firmware>
        rowKey="id"
        columns={columns}
        dataSource={images.data}
        loading={images.isPending}
        {...useListTableProps(columns)}
        pagination={{ pageSize: PAGE_SIZE, showSizeChanger: false, hideOnSinglePage: true }}
        data-testid="fw-table"
      />
    </Card>
  );
}
