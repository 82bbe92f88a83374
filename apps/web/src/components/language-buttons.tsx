import { Button } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LOCALES } from '@voltline/contract';
import { useThemeStore } from '../stores/theme-store';

/** Language choice of the signed-out pages: plain buttons, so the sign-in page stays light. */
export function LanguageButtons() {
  const { t } = useTranslation('common');
  const locale = useThemeStore((s) => s.locale);
  const setLocale = useThemeStore((s) => s.setLocale);
  return (
    <div
      role="group"
      aria-label={t('header.language')}
      data-testid="language-switch"
      style={{ display: 'flex', alignItems: 'center', gap: 4 }}
    >
      <GlobalOutlined style={{ opacity: 0.6 }} />
      {LOCALES.map((l) => (
        <Button
          key={l}
          size="small"
          type={l === locale ? 'primary' : 'text'}
          aria-pressed={l === locale}
          onClick={() => setLocale(l)}
        >
          {t(`languages.${l}`)}
        </Button>
      ))}
    </div>
  );
}
