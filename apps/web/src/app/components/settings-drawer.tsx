import type { ReactNode } from 'react';
import { Button, ColorPicker, Divider, Drawer, Flex, Radio, Select, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LOCALES, type Locale } from '@voltline/contract';
import { TOP_NAV_COLORS, type Direction, type NavType, type SideNavTheme } from '../../config/theme';
import { useThemeStore } from '../../stores/theme-store';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Flex justify="space-between" align="center" gap={16} style={{ marginBottom: 16 }}>
      <Typography.Text>{label}</Typography.Text>
      {children}
    </Flex>
  );
}

/** Theme settings apply at once and are kept across reloads (persisted store). */
export function SettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('common');
  const s = useThemeStore();
  return (
    <Drawer
      title={t('settings.title')}
      open={open}
      onClose={onClose}
      size={400}
      data-testid="settings-drawer"
    >
      <Typography.Title level={5}>{t('settings.navigation')}</Typography.Title>
      <Row label={t('settings.navType')}>
        <Radio.Group
          size="small"
          optionType="button"
          value={s.navType}
          onChange={(e) => s.set('navType', e.target.value as NavType)}
          options={[
            { value: 'SIDE', label: t('settings.navTypes.SIDE') },
            { value: 'TOP', label: t('settings.navTypes.TOP') },
          ]}
        />
      </Row>
      <Row label={t('settings.sideNavTheme')}>
        <Radio.Group
          size="small"
          optionType="button"
          disabled={s.navType === 'TOP'}
          value={s.sideNavTheme}
          onChange={(e) => s.set('sideNavTheme', e.target.value as SideNavTheme)}
          options={[
            { value: 'SIDE_NAV_LIGHT', label: t('settings.sideNavThemes.SIDE_NAV_LIGHT') },
            { value: 'SIDE_NAV_DARK', label: t('settings.sideNavThemes.SIDE_NAV_DARK') },
          ]}
        />
      </Row>
      <Row label={t('settings.navCollapsed')}>
        <Switch
          checked={s.navCollapsed}
          disabled={s.navType === 'TOP'}
          onChange={(v) => s.set('navCollapsed', v)}
        />
      </Row>
      <Row label={t('settings.topNavColor')}>
        <Flex gap={6} align="center">
          {TOP_NAV_COLORS.map((c) => (
            <button
              key={c}
              type="button"
              aria-label={c}
              onClick={() => s.set('topNavColor', c)}
              style={{
                width: 22,
                height: 22,
                borderRadius: 6,
                background: c,
                cursor: 'pointer',
                border: s.topNavColor === c ? '2px solid #111' : '2px solid transparent',
              }}
            />
          ))}
          <ColorPicker
            size="small"
            value={s.topNavColor}
            onChangeComplete={(color) => s.set('topNavColor', color.toHexString())}
          />
        </Flex>
      </Row>
      <Divider />
      <Typography.Title level={5}>{t('settings.appearance')}</Typography.Title>
      <Row label={t('settings.darkTheme')}>
        <Switch
          checked={s.currentTheme === 'dark'}
          onChange={(v) => s.set('currentTheme', v ? 'dark' : 'light')}
          data-testid="dark-theme-switch"
        />
      </Row>
      <Row label={t('settings.direction')}>
        <Radio.Group
          size="small"
          optionType="button"
          value={s.direction}
          onChange={(e) => s.set('direction', e.target.value as Direction)}
          options={[
            { value: 'ltr', label: t('settings.directions.ltr') },
            { value: 'rtl', label: t('settings.directions.rtl') },
          ]}
        />
      </Row>
      <Row label={t('settings.language')}>
        <Select
          style={{ width: 140 }}
          value={s.locale}
          onChange={(v: Locale) => s.setLocale(v)}
          options={LOCALES.map((l) => ({ value: l, label: t(`languages.${l}`) }))}
        />
      </Row>
      <Divider />
      <Button block onClick={s.reset}>
        {t('settings.reset')}
      </Button>
    </Drawer>
  );
}
