import { useState } from 'react';
import { Button, Card, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { AlertRule } from '@voltline/contract';
import { useUpdateRule } from '../api/alert-actions';
import { useRules } from '../api/get-rules';
import { useStaff } from '../api/get-staff';
import { delayParts, formToRule, type RuleFormValues } from '../alert-words';
import { RuleModal } from './rule-modal';

/** The rules of the operators in reach: on or off, delays, recipients and quiet hours, each editable. */
export function RuleSection() {
  const { t } = useTranslation('alerts');
  const rules = useRules(true);
  const staff = useStaff();
  const update = useUpdateRule();
  const [editing, setEditing] = useState<AlertRule | null>(null);
  const nameOf = (id: number) => {
    const u = staff.data?.find((s) => s.id === id);
    return u ? `${u.name} ${u.surname}` : `#${id}`;
  };
  const delay = (seconds: number) => {
    const { hours, minutes } = delayParts(seconds);
    return hours > 0 ? t('rules.hoursMinutes', { hours, minutes }) : t('rules.minutes', { count: minutes });
  };

  const columns: TableColumnsType<AlertRule> = [
    { title: t('fields.operator'), key: 'operator', render: (_, r) => r.operatorName },
    { title: t('rules.kind'), key: 'kind', render: (_, r) => t(`kinds.${r.kind}`) },
    {
      title: t('rules.enabled'),
      key: 'enabled',
      render: (_, r) => (r.enabled ? <Tag color="green">{t('rules.on')}</Tag> : <Tag>{t('rules.off')}</Tag>),
    },
    { title: t('rules.raiseAfter'), key: 'raise', render: (_, r) => delay(r.raiseAfterSeconds) },
    { title: t('rules.clearAfter'), key: 'clear', render: (_, r) => delay(r.clearAfterSeconds) },
    {
      title: t('rules.recipients'),
      key: 'recipients',
      render: (_, r) =>
        r.recipientUserIds.length === 0 ? (
          <Typography.Text type="secondary">{t('rules.everyReader')}</Typography.Text>
        ) : (
          r.recipientUserIds.map(nameOf).join(', ')
        ),
    },
    {
      title: t('rules.quietHours'),
      key: 'quiet',
      render: (_, r) =>
        r.quietStart && r.quietEnd ? `${r.quietStart}–${r.quietEnd}` : t('rules.noQuietHours'),
    },
    {
      title: t('fields.actions'),
      key: 'actions',
      width: 80,
      render: (_, r) => (
        <Button
          type="text"
          icon={<EditOutlined />}
          aria-label={t('rules.edit')}
          onClick={() => setEditing(r)}
          data-testid={`alert-rule-edit-${r.id}`}
        />
      ),
    },
  ];

  const save = (v: RuleFormValues) => {
    if (!editing) return;
    update.mutate({ id: editing.id, ...formToRule(v) }, { onSuccess: () => setEditing(null) });
  };

  return (
    <Card styles={{ body: { padding: 0 } }} aria-label={t('tabs.rules')}>
      <Table<AlertRule>
        rowKey="id"
        columns={columns}
        dataSource={rules.data ?? []}
        loading={rules.isPending}
        pagination={false}
        scroll={{ x: true }}
        data-testid="alert-rules"
      />
      <RuleModal
        rule={editing}
        staff={staff.allowed ? (staff.data ?? []) : null}
        saving={update.isPending}
        onClose={() => setEditing(null)}
        onSave={save}
      />
    </Card>
  );
}
