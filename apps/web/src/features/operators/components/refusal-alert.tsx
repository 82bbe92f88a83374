import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Refusal } from '../use-archive-actions';

export function RefusalAlert({ refusal, onClose }: { refusal: Refusal | null; onClose: () => void }) {
  const { t } = useTranslation('operators');
  if (!refusal) return null;
  return (
    <Alert
      type="error"
      showIcon
      closable
      onClose={onClose}
      style={{ marginBottom: 16 }}
      message={t('archive.refused', { name: refusal.operator })}
      description={refusal.reason}
      data-testid="archive-refusal"
    />
  );
}
