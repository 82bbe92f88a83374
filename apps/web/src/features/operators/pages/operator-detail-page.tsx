import { Button, Flex, Tag, Tooltip, Typography } from 'antd';
import {
  ApartmentOutlined,
  EditOutlined,
  InboxOutlined,
  SubnodeOutlined,
  UndoOutlined,
} from '@ant-design/icons';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { useCan } from '../../../hooks/use-permission';
import { useOperator } from '../api/get-operator';
import { OperatorDrivers } from '../components/operator-drivers';
import { MerchantInfo, OperatorInfo } from '../components/operator-info';
import { OperatorNotFound } from '../components/operator-not-found';
import { OperatorTags } from '../components/operator-tags';
import { RefusalAlert } from '../components/refusal-alert';
import { OPERATORS_PATH, operatorEditPath } from '../paths';
import { useArchiveActions } from '../use-archive-actions';

export default function OperatorDetailPage() {
  const { t } = useTranslation('operators');
  const { t: tc } = useTranslation('common');
  const navigate = useNavigate();
  const id = Number(useParams().operatorId);
  const operator = useOperator(id);
  const canWrite = useCan('operators:write');
  const canDrivers = useCan('drivers:read');
  const actions = useArchiveActions();

  if (operator.isPending && operator.fetchStatus !== 'idle') return <PageLoader />;
  if (!operator.data) return <OperatorNotFound />;
  const o = operator.data;
  const block = canWrite ? actions.blockOf(o) : null;

  return (
    <>
      {actions.modalHolder}
      <PageHeader
        title={
          <Flex align="center" gap={10} wrap>
            <ApartmentOutlined />
            {o.name}
            <span style={{ fontSize: 14, fontWeight: 'normal' }}>
              <OperatorTags operator={o} />
            </span>
          </Flex>
        }
        subtitle={<Typography.Text type="secondary">{t('detail.title')}</Typography.Text>}
        backTo={OPERATORS_PATH}
        extra={
          canWrite &&
          (o.archived ? (
            <Tooltip title={block}>
              <Button
                icon={<UndoOutlined />}
                disabled={Boolean(block)}
                onClick={() => actions.confirmUnarchive(o)}
              >
                {t('unarchive.action')}
              </Button>
            </Tooltip>
          ) : (
            <>
              <Button
                icon={<SubnodeOutlined />}
                onClick={() => void navigate(`${OPERATORS_PATH}/add?parentId=${o.id}`)}
              >
                {t('list.addSub')}
              </Button>
              <Button icon={<EditOutlined />} onClick={() => void navigate(operatorEditPath(id))}>
                {tc('actions.edit')}
              </Button>
              <Tooltip title={block}>
                <Button
                  danger
                  icon={<InboxOutlined />}
                  disabled={Boolean(block)}
                  onClick={() => actions.confirmArchive(o)}
                >
                  {t('archive.action')}
                </Button>
              </Tooltip>
            </>
          ))
        }
      />
      <RefusalAlert refusal={actions.refusal} onClose={actions.clearRefusal} />
      {o.archived && (
        <Tag color="default" style={{ marginBottom: 16, padding: '4px 10px' }}>
          {t('detail.archivedNote')}
        </Tag>
      )}
      <OperatorInfo operator={o} />
      <MerchantInfo operator={o} />
      {canDrivers && <OperatorDrivers operatorId={id} />}
    </>
  );
}
