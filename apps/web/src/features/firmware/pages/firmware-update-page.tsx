import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { useCan } from '../../../hooks/use-permission';
import { CampaignDrawer } from '../components/campaign-drawer';
import { CampaignForm } from '../components/campaign-form';
import { CampaignTable } from '../components/campaign-table';

/** `/management/firmware/update`: start a campaign, follow the campaigns; `?campaign=` opens one. */
export default function FirmwareUpdatePage() {
  const { t } = useTranslation('firmware');
  const canWrite = useCan('firmware:write');
  const [params, setParams] = useSearchParams();
  const open = Number.parseInt(params.get('campaign') ?? '', 10);
  const setOpen = (id: number | undefined) =>
    setParams(id === undefined ? {} : { campaign: String(id) }, { replace: id === undefined });

  return (
    <>
      <PageHeader title={t('update.pageTitle')} subtitle={t('update.subtitle')} />
      {canWrite && <CampaignForm onStarted={(c) => setOpen(c.id)} />}
      <CampaignTable onOpen={setOpen} />
      <CampaignDrawer id={open > 0 ? open : undefined} onClose={() => setOpen(undefined)} />
    </>
  );
}
