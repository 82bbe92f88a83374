import type { ReactNode } from 'react';
import { Button, Flex, Typography } from 'antd';
import { ArrowLeftOutlined, ArrowRightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useThemeStore } from '../stores/theme-store';

/** Title row of a screen: optional back link, title and subtitle, actions on the far side. */
export function PageHeader({
  title,
  subtitle,
  backTo,
  extra,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  backTo?: string;
  extra?: ReactNode;
}) {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const rtl = useThemeStore((s) => s.direction === 'rtl');
  return (
    <Flex justify="space-between" align="center" wrap gap={16} style={{ marginBottom: 20 }}>
      <Flex align="center" gap={12}>
        {backTo && (
          <Button
            type="text"
            aria-label={t('actions.back')}
            icon={rtl ? <ArrowRightOutlined /> : <ArrowLeftOutlined />}
            onClick={() => void navigate(backTo)}
          />
        )}
        <div>
          {/* The screen's one level-one heading, at the size of antd's level 3. */}
          <Typography.Title level={1} style={{ margin: 0, fontSize: 24, lineHeight: 1.35 }}>
            {title}
          </Typography.Title>
          {subtitle && <Typography.Text type="secondary">{subtitle}</Typography.Text>}
        </div>
      </Flex>
      {extra && (
        <Flex gap={8} wrap>
          {extra}
        </Flex>
      )}
    </Flex>
  );
}
