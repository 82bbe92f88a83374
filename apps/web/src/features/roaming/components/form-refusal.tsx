import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../partner-words';

/** The server's refusal in words, in the form that was refused; a generic line when it gave none. */
export function FormRefusal({ error }: { error: unknown }) {
  const { t } = useTranslation('roaming');
  if (!error) return null;
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      title={t('form.refused')}
      description={serverMessage(error) ?? t('form.failed')}
      style={{ marginBottom: 16 }}
      data-testid="roaming-refusal"
    />
  );
}
