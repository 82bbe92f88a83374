import { Alert, Button, Dropdown, Flex, Typography, type MenuProps } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { BULK_MAX } from '@voltline/contract';

/**
 * The bar above a list while rows are selected: how many, "select all N matching the filter",
 * clear, and the actions the user may take on them.
 */
export function BulkBar({
  count,
  all,
  total,
  pageFull,
  onSelectAll,
  onClear,
  actions,
  onAction,
}: {
  count: number;
  all: boolean;
  total: number;
  /** Every row on the page is ticked: the moment to offer the whole filter. */
  pageFull: boolean;
  onSelectAll: () => void;
  onClear: () => void;
  actions: { key: string; label: string; danger?: boolean }[];
  onAction: (key: string) => void;
}) {
  const { t } = useTranslation('common');
  if (count === 0) return null;
  const menu: MenuProps = {
    items: actions.map((a) => ({ key: a.key, label: a.label, danger: a.danger })),
    onClick: ({ key }) => onAction(key),
  };
  const tooMany = count > BULK_MAX;
  return (
    <Alert
      type={tooMany ? 'warning' : 'info'}
      style={{ marginBottom: 12 }}
      data-testid="bulk-bar"
      message={
        <Flex gap={12} align="center" wrap>
          <Typography.Text strong data-testid="bulk-count">
            {all ? t('bulk.allMatching', { count }) : t('bulk.selected', { count })}
          </Typography.Text>
          {!all && pageFull && total > count && (
            <Button type="link" size="small" onClick={onSelectAll} data-testid="bulk-select-all">
              {t('bulk.selectAll', { count: total })}
            </Button>
          )}
          <Button type="link" size="small" onClick={onClear} data-testid="bulk-clear">
            {t('bulk.clear')}
          </Button>
          {tooMany && (
            <Typography.Text type="warning">{t('bulk.tooMany', { max: BULK_MAX })}</Typography.Text>
          )}
          <Dropdown menu={menu} trigger={['click']} disabled={tooMany}>
            <Button type="primary" size="small" data-testid="bulk-actions">
              {t('bulk.actions')} <DownOutlined />
            </Button>
          </Dropdown>
        </Flex>
      }
    />
  );
}
