import { Button, Flex, Layout, Space, theme, Tooltip } from 'antd';
import { MenuFoldOutlined, MenuUnfoldOutlined, SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useThemeStore } from '../../stores/theme-store';
import { BrandLogo } from '../../components/brand-logo';
import { LanguageSwitch } from '../../components/language-switch';
import { NavMenu } from './nav-menu';
import { UserMenu } from './user-menu';
import { useNavCollapsed } from './use-nav-collapsed';
import { GlobalSearch } from './global-search';
import { AlertBell } from '../../features/alerts/components/alert-bell';

export function HeaderBar({ onOpenSettings }: { onOpenSettings: () => void }) {
  const { t } = useTranslation('common');
  const { token } = theme.useToken();
  const navType = useThemeStore((s) => s.navType);
  const [collapsed, toggleNav] = useNavCollapsed();
  const topNavColor = useThemeStore((s) => s.topNavColor);
  const top = navType === 'TOP';
  const fg = top ? '#fff' : undefined;

  return (
    <Layout.Header
      data-testid="app-header"
      style={{
        background: top ? topNavColor : token.colorBgContainer,
        paddingInline: 16,
        display: 'flex',
        alignItems: 'center',
        gap: 16,
        borderBottom: top ? 'none' : `1px solid ${token.colorBorderSecondary}`,
        position: 'sticky',
        top: 0,
        zIndex: 10,
      }}
    >
      {top ? (
        <>
          <BrandLogo color="#fff" />
          <div className="top-nav" style={{ flex: 1, minWidth: 0 }}>
            <NavMenu mode="horizontal" theme="dark" />
          </div>
        </>
      ) : (
        <>
          <Tooltip title={t(collapsed ? 'header.expandNav' : 'header.collapseNav')}>
            <Button
              type="text"
              aria-label={t(collapsed ? 'header.expandNav' : 'header.collapseNav')}
              icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
              onClick={toggleNav}
            />
          </Tooltip>
          <div style={{ flex: 1 }} />
        </>
      )}
      <Flex align="center">
        <Space size={4}>
          <GlobalSearch color={fg} />
          <AlertBell color={fg} />
          <LanguageSwitch color={fg} />
          <Tooltip title={t('settings.title')}>
            <Button
              type="text"
              aria-label={t('settings.title')}
              icon={<SettingOutlined />}
              style={{ color: fg }}
              onClick={onOpenSettings}
              data-testid="open-settings"
            />
          </Tooltip>
          <UserMenu color={fg} />
        </Space>
      </Flex>
    </Layout.Header>
  );
}
