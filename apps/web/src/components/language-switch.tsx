import { Button, Dropdown } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LOCALES, type Locale } from '@voltline/contract';
import { useThemeStore } from '../stores/theme-store';

/** Language menu of the signed-in header. */
export function LanguageSwitch({ color }: { color?: string }) {
  const { t } = useTranslation('common');
  const locale = useThemeStore((s) => s.locale);
  const setLocale = useThemeStore((s) => s.setLocale);
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [locale],
        items: LOCALES.map((l) => ({ key: l, label: t(`languages.${l}`) })),
        onClick: ({ key }) => setLocale(key as Locale),
      }}
    >
      <Button
        type="text"
        icon={<GlobalOutlined />}
        style={{ color }}
        // The name keeps the visible language in it (WCAG 2.5.3, label in name).
        aria-label={t('header.languageCurrent', { language: t(`languages.${locale}`) })}
        data-testid="language-switch"
      >
        {t(`languages.${locale}`)}
      </Button>
    </Dropdown>
  );
}
