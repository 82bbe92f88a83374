import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { useCan } from '../../../hooks/use-permission';
import { FirmwareTable } from '../components/firmware-table';
import { UploadForm } from '../components/upload-form';

/** `/management/firmware/upload`: upload an image, and the stored ones below. */
export default function FirmwareUploadPage() {
  const { t } = useTranslation('firmware');
  const canWrite = useCan('firmware:write');
  return (
    <>
      <PageHeader title={t('upload.pageTitle')} subtitle={t('upload.subtitle')} />
      {canWrite && <UploadForm />}
      <FirmwareTable />
    </>
  );
}
