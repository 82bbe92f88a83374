import { Button, Tooltip } from 'antd';
import { QrcodeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ChargePoint } from '@voltline/contract';
import { useFileDownload } from '../../../hooks/use-file-download';
import { getQrStickers } from '../api/get-qr-stickers';
import { qrStickersBlock, qrStickersFileName } from '../qr-stickers';

/** Downloads the A4 sheet of QR payment stickers, one per connector in use (issue #30). */
export function QrStickersButton({ cp }: { cp: ChargePoint }) {
  const { t } = useTranslation('chargePoints');
  const pdf = useFileDownload();
  const block = qrStickersBlock(cp);
  return (
    <Tooltip title={block && t(`stickers.${block}`)}>
      <Button
        icon={<QrcodeOutlined />}
        loading={pdf.downloading}
        disabled={block !== null}
        onClick={() => void pdf.download((p) => getQrStickers(cp.id, p), qrStickersFileName(cp))}
        data-testid="cp-qr-stickers"
      >
        {t('stickers.button')}
      </Button>
    </Tooltip>
  );
}
