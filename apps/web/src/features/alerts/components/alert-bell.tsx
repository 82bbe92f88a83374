import { Button, theme, Tooltip } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCan } from '../../../hooks/use-permission';
import { useAlertCount } from '../api/get-alert-count';
import { ALERTS_PATH } from '../paths';

/**
 * The header's bell: how many alerts are open or acknowledged, linking to the Alerts screen,
 * refreshed every minute. Shown only to users who may read alerts; it loads on every screen, so
 * it imports nothing beyond the frame's own pieces.
 */
export function AlertBell({ color }: { color?: string }) {
  const { t } = useTranslation('common');
  const { token } = theme.useToken();
  const allowed = useCan('alerts:read');
  const count = useAlertCount(allowed);
  if (!allowed) return null;
  const total = count.data ? count.data.open + count.data.acknowledged : 0;
  const label = t('header.alerts', { count: total });
  return (
    <Tooltip title={label}>
      <Link to={ALERTS_PATH} aria-label={label} data-testid="header-alerts">
        <Button type="text" tabIndex={-1} icon={<BellOutlined />} style={{ color, position: 'relative' }}>
          {/* A plain pill rather than antd's Badge: the header loads on every screen. */}
          {total > 0 && (
            <span
              data-testid="header-alerts-count"
              style={{
                position: 'absolute',
                insetInlineEnd: -2,
                top: -2,
                minWidth: 16,
                height: 16,
                paddingInline: 4,
                borderRadius: 8,
                background: token.colorError,
                color: '#fff',
                fontSize: 10,
                lineHeight: '16px',
                textAlign: 'center',
              }}
            >
              {total > 99 ? '99+' : total}
            </span>
          )}
        </Button>
      </Link>
    </Tooltip>
  );
}
