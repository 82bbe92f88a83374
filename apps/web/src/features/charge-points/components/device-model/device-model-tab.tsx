import { useMemo, useState } from 'react';
import {
  Alert,
  Button,
  Empty,
  Flex,
  Input,
  Space,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { EditOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { variableKey, type ChargePoint, type DeviceVariable, type VariableResult } from '@voltline/contract';
import { useCan } from '../../../../hooks/use-permission';
import { formatDateTime } from '../../../../lib/format';
import { useDeviceModel } from '../../api/get-device-model';
import { useRefreshDeviceModel } from '../../api/refresh-device-model';
import { useSetVariables } from '../../api/set-variables';
import { componentTree, editableAttribute, searchTree, type ComponentNode } from '../../device-model-tree';
import { AttributeList, Characteristics, VariableAnswer } from './variable-cells';
import { CustomReportButton } from './custom-report';
import { VariableEditor } from './variable-editor';

type Row =
  | { key: string; kind: 'component'; node: ComponentNode; children: Row[] }
  | { key: string; kind: 'variable'; variable: DeviceVariable };

const keyOf = (v: { component: DeviceVariable['component']; variable: DeviceVariable['variable'] }) =>
  variableKey(v.component, v.variable);

/**
 * The Configuration tab of an OCPP 2.0.1 charger: its device model as last reported (component →
 * variable → attributes), a fresh full report on request, and writable variables set inline with
 * the charger's answer beside each.
 */
export function DeviceModelTab({ cp }: { cp: ChargePoint }) {
  const { t } = useTranslation('chargePoints');
  const canCommand = useCan('commands:write');
  const connected = cp.connection === 'Connected';
  const model = useDeviceModel(cp.id, canCommand);
  const refresh = useRefreshDeviceModel(cp.id);
  const set = useSetVariables(cp.id);
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<string | null>(null);
  const [answers, setAnswers] = useState<Record<string, VariableResult>>({});

  const tree = useMemo(() => componentTree(model.data?.variables ?? []), [model.data]);
  const shown = useMemo(() => searchTree(tree, search), [tree, search]);
  const rows: Row[] = shown.map((node) => ({
    key: node.key,
    kind: 'component',
    node,
    children: node.variables.map((v) => ({ key: keyOf(v), kind: 'variable', variable: v })),
  }));

  if (!canCommand) return <Alert type="info" showIcon title={t('configuration.noPermission')} />;

  const save = async (v: DeviceVariable, value: string) => {
    const attribute = editableAttribute(v);
    if (!attribute) return;
    try {
      const { results } = await set.mutateAsync([
        { component: v.component, variable: v.variable, attributeType: attribute.type, value },
      ]);
      setAnswers((a) => ({ ...a, ...Object.fromEntries(results.map((r) => [keyOf(r), r])) }));
      setEditing(null);
    } catch {
      // The API client has said why (a value the model forbids, the charger offline...); keep the editor open.
    }
  };

  const columns: TableColumnsType<Row> = [
    {
      title: t('deviceModel.name'),
      key: 'name',
      width: '30%',
      render: (_, row) =>
        row.kind === 'component' ? (
          <Space wrap>
            <Typography.Text strong>{row.node.name}</Typography.Text>
            {row.node.instance && <Tag>{row.node.instance}</Tag>}
            {row.node.evseId !== null && (
              <Tag color="purple">{t('deviceModel.evse', { id: row.node.evseId })}</Tag>
            )}
            {row.node.connectorId !== null && (
              <Tag color="purple">{t('deviceModel.connector', { id: row.node.connectorId })}</Tag>
            )}
          </Space>
        ) : (
          <Space wrap>
            <Typography.Text code>{row.variable.variable.name}</Typography.Text>
            {row.variable.variable.instance && <Tag>{row.variable.variable.instance}</Tag>}
          </Space>
        ),
    },
    {
      title: t('deviceModel.value'),
      key: 'value',
      render: (_, row) => {
        if (row.kind === 'component') return null;
        const v = row.variable;
        if (editing !== row.key) return <AttributeList variable={v} />;
        const attribute = editableAttribute(v);
        const secret = attribute?.mutability === 'WriteOnly';
        return (
          <VariableEditor
            variable={v}
            initial={secret ? '' : (attribute?.value ?? '')}
            saving={set.isPending}
            onSave={(value) => void save(v, value)}
            onCancel={() => setEditing(null)}
          />
        );
      },
    },
    {
      title: t('deviceModel.characteristics'),
      key: 'characteristics',
      width: '22%',
      render: (_, row) => (row.kind === 'variable' ? <Characteristics variable={row.variable} /> : null),
    },
    {
      title: t('configuration.answer'),
      key: 'answer',
      width: 170,
      render: (_, row) => (row.kind === 'variable' ? <VariableAnswer result={answers[row.key]} /> : null),
    },
    {
      title: '',
      key: 'actions',
      width: 60,
      align: 'end',
      render: (_, row) =>
        row.kind === 'variable' && editableAttribute(row.variable) && editing !== row.key ? (
          <Button
            type="text"
            size="small"
            icon={<EditOutlined />}
            disabled={!connected}
            aria-label={t('configuration.edit', { key: row.variable.variable.name })}
            onClick={() => setEditing(row.key)}
          />
        ) : null,
    },
  ];

  const reportedAt = model.data?.reportedAt;
  return (
    <>
      {!connected && (
        <Alert type="warning" showIcon title={t('deviceModel.offline')} style={{ marginBottom: 12 }} />
      )}
      {model.data?.awaitingReport && (
        <Alert type="info" showIcon title={t('deviceModel.awaiting')} style={{ marginBottom: 12 }} />
      )}
      <Flex justify="space-between" align="center" style={{ marginBottom: 12 }} wrap gap={8}>
        <Input.Search
          allowClear
          placeholder={t('deviceModel.search')}
          aria-label={t('deviceModel.search')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          style={{ maxWidth: 320 }}
          data-testid="dm-search"
        />
        <Space wrap>
          <Typography.Text type="secondary">
            {reportedAt
              ? t('deviceModel.reportedAt', { at: formatDateTime(reportedAt) })
              : t('deviceModel.never')}
          </Typography.Text>
          <Button
            icon={<ReloadOutlined />}
            disabled={!connected}
            loading={refresh.isPending}
            onClick={() => refresh.mutate()}
            data-testid="dm-refresh"
          >
            {t('deviceModel.refresh')}
          </Button>
          <CustomReportButton
            chargePointId={cp.id}
            disabled={!connected}
            components={tree.map((node) => node.name)}
          />
        </Space>
      </Flex>
      <Table<Row>
        rowKey="key"
        columns={columns}
        dataSource={rows}
        loading={model.isFetching && !model.data}
        pagination={false}
        size="middle"
        expandable={{ defaultExpandAllRows: search.trim() !== '' }}
        locale={{
          emptyText: <Empty description={search ? t('deviceModel.noMatch') : t('deviceModel.empty')} />,
        }}
        data-testid="dm-table"
        key={search.trim() === '' ? 'all' : 'search'}
      />
    </>
  );
}
