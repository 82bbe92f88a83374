import { Modal, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BulkResult, BulkRowResult } from '@voltline/contract';

/** Refusals and failures are red, in words; only what was done is green. */
const COLOURS: Record<BulkRowResult['outcome'], string> = { done: 'green', refused: 'red', failed: 'red' };

/** What became of each row of a bulk action, with the server's words for it. */
export function BulkResults({
  title,
  result,
  onClose,
}: {
  title: string;
  result: BulkResult | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('common');
  return (
    <Modal
      open={result !== null}
      title={title}
      onCancel={onClose}
      onOk={onClose}
      cancelButtonProps={{ style: { display: 'none' } }}
      okText={t('bulk.close')}
      okButtonProps={{ ...{ 'data-testid': 'bulk-results-close' } }}
      width={720}
      destroyOnHidden
    >
      {result && (
        <>
          <Typography.Paragraph data-testid="bulk-summary">
            {t('bulk.summary', { done: result.done, refused: result.refused, failed: result.failed })}
          </Typography.Paragraph>
          <Table<BulkRowResult>
            rowKey="id"
            size="small"
            dataSource={result.rows}
            pagination={result.rows.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
            data-testid="bulk-results"
            columns={[
              { title: t('bulk.row'), dataIndex: 'label', width: 180, render: (v: string) => <bdi>{v}</bdi> },
              {
                title: t('bulk.outcome'),
                dataIndex: 'outcome',
                width: 110,
                render: (o: BulkRowResult['outcome']) => (
                  <Tag color={COLOURS[o]} data-outcome={o}>
                    {t(`bulk.outcomes.${o}`)}
                  </Tag>
                ),
              },
              {
                title: t('bulk.message'),
                dataIndex: 'message',
                render: (m: string, row) =>
                  row.outcome === 'done' ? m : <Typography.Text type="danger">{m}</Typography.Text>,
              },
            ]}
          />
        </>
      )}
    </Modal>
  );
}
