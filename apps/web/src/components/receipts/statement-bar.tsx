import { useState } from 'react';
import { Button, DatePicker, Flex, Typography } from 'antd';
import { FileExcelOutlined, FilePdfOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { StatementFormat } from '@voltline/contract';
import { useFileDownload } from '../../hooks/use-file-download';
import { getStatement } from '../../api/receipts';

/** A driver's monthly statement: the month, then the PDF or the Excel of its billed sessions. */
export function StatementBar({ driverId }: { driverId: number }) {
  const { t } = useTranslation('common');
  const [month, setMonth] = useState<Dayjs>(dayjs());
  const file = useFileDownload();
  const [format, setFormat] = useState<StatementFormat | null>(null);
  const key = month.format('YYYY-MM');
  const download = (f: StatementFormat) => {
    setFormat(f);
    void file.download((p) => getStatement(driverId, key, f, p), `statement-${driverId}-${key}.${f}`);
  };
  return (
    <Flex gap={8} align="center" wrap data-testid="driver-statement">
      <Typography.Text strong>{t('statement.title')}</Typography.Text>
      <DatePicker
        picker="month"
        value={month}
        allowClear={false}
        onChange={(m) => m && setMonth(m)}
        disabledDate={(d) => d.isAfter(dayjs(), 'month')}
        aria-label={t('statement.month')}
        data-testid="statement-month"
      />
      <Button
        icon={<FilePdfOutlined />}
        loading={file.downloading && format === 'pdf'}
        onClick={() => download('pdf')}
        data-testid="statement-pdf"
      >
        {t('statement.pdf')}
      </Button>
      <Button
        icon={<FileExcelOutlined />}
        loading={file.downloading && format === 'xlsx'}
        onClick={() => download('xlsx')}
        data-testid="statement-xlsx"
      >
        {t('statement.xlsx')}
      </Button>
    </Flex>
  );
}
