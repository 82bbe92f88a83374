import { Button } from 'antd';
import { FilePdfOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Session } from '@voltline/contract';
import { useFileDownload } from '../../hooks/use-file-download';
import { getReceipt } from '../../api/receipts';

/** Downloads a billed session's receipt (PDF with its VAT lines); a session without a bill has none. */
export function ReceiptButton({ session }: { session: Session }) {
  const { t } = useTranslation('common');
  const pdf = useFileDownload();
  if (session.cost === null || session.stoppedAt === null) return null;
  return (
    <Button
      icon={<FilePdfOutlined />}
      loading={pdf.downloading}
      onClick={() => void pdf.download((p) => getReceipt(session.id, p), `receipt-${session.id}.pdf`)}
      data-testid="session-receipt"
    >
      {t('receipt.button')}
    </Button>
  );
}
