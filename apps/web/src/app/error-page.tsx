import { Button, Flex, theme } from 'antd';
import { ExclamationCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/**
 * Shown when a screen fails to load or render. Built from light components only, because it
 * must work when the rest of the app's chunks cannot be fetched.
 */
export function ErrorPageContent() {
  const { t } = useTranslation('common');
  const { token } = theme.useToken();
  return (
    <Flex
      vertical
      align="center"
      justify="center"
      gap={8}
      style={{ minHeight: '70vh', padding: 24, textAlign: 'center' }}
    >
      <ExclamationCircleOutlined style={{ fontSize: 64, color: token.colorWarning, marginBottom: 16 }} />
      <h1 style={{ fontSize: 24, fontWeight: 600, margin: 0, color: token.colorText }}>
        {t('errorPage.title')}
      </h1>
      <p style={{ maxWidth: 460, margin: 0, color: token.colorTextSecondary }}>{t('errorPage.subtitle')}</p>
      <Flex gap={8} style={{ marginTop: 24 }}>
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('errorPage.reload')}
        </Button>
        <Button href="/">{t('errorPage.home')}</Button>
      </Flex>
    </Flex>
  );
}

export default function ErrorPage() {
  return <ErrorPageContent />;
}
