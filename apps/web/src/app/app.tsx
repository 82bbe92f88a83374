import { useEffect, useMemo, useState } from 'react';
import type { Locale as AntLocale } from 'antd/es/locale';
import { ConfigProvider } from 'antd';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { useTranslation } from 'react-i18next';
import { readableTheme } from '../config/readable-theme';
import { queryClient } from '../lib/query-client';
import { changeLanguage } from '../lib/i18n';
import { loadAntLocale } from '../lib/antd-locale';
import { useThemeStore } from '../stores/theme-store';
import { ApiBridge } from './api-bridge';
import { AppRoutes } from './router';
import { validateMessages } from './validate-messages';

export function App({ initialAntLocale }: { initialAntLocale: AntLocale | undefined }) {
  const { t } = useTranslation('common');
  const locale = useThemeStore((s) => s.locale);
  const direction = useThemeStore((s) => s.direction);
  const currentTheme = useThemeStore((s) => s.currentTheme);
  const topNavColor = useThemeStore((s) => s.topNavColor);

  const [antLocale, setAntLocale] = useState(initialAntLocale);

  useEffect(() => {
    let current = true;
    void Promise.all([changeLanguage(locale), loadAntLocale(locale)]).then(([, loaded]) => {
      if (current) setAntLocale(loaded);
    });
    return () => {
      current = false;
    };
  }, [locale]);

  useEffect(() => {
    document.documentElement.dir = direction;
    document.documentElement.dataset.theme = currentTheme;
  }, [direction, currentTheme]);

  const form = useMemo(() => ({ validateMessages: validateMessages(t) }), [t]);
  const theme = useMemo(() => readableTheme(currentTheme, topNavColor), [currentTheme, topNavColor]);

  return (
    <ConfigProvider locale={antLocale} direction={direction} theme={theme} form={form}>
      <QueryClientProvider client={queryClient}>
        <ApiBridge />
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </QueryClientProvider>
    </ConfigProvider>
  );
}
