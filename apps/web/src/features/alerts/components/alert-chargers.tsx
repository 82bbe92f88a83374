import { Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAlert } from '../api/get-alerts';
import { chargerNames } from '../alert-words';

/** An alert's chargers by name, under its row (the list gives their count only). */
export function AlertChargers({ id }: { id: number }) {
  const { t } = useTranslation('alerts');
  const alert = useAlert(id);
  if (!alert.data) return <Spin size="small" />;
  const { shown, more } = chargerNames(alert.data.subjects, 20);
  return (
    <Typography.Text data-testid="alert-charger-names">
      {shown.join(', ')}
      {more > 0 && ` ${t('list.moreChargers', { count: more })}`}
    </Typography.Text>
  );
}
