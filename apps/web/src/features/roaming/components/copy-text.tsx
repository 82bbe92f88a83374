import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** A value to hand over (URL, token) with its copy button. */
export function CopyText({ value, testId }: { value: string; testId?: string }) {
  const { t } = useTranslation('roaming');
  return (
    <Typography.Text
      code
      copyable={{ text: value, tooltips: [t('copy.copy'), t('copy.copied')] }}
      style={{ wordBreak: 'break-all' }}
      data-testid={testId}
    >
      {value}
    </Typography.Text>
  );
}
