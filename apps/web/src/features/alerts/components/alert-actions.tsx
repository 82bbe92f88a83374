import { useState } from 'react';
import { Button, Form, Input, Modal, Select, Space } from 'antd';
import { CheckOutlined, CommentOutlined, UserAddOutlined, CheckCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { AlertDetail } from '@voltline/contract';
import { useAcknowledgeAlert, useAssignAlert, useCommentAlert, useResolveAlert } from '../api/alert-actions';
import { useStaff } from '../api/get-staff';

type Dialog = 'assign' | 'comment' | 'resolve' | null;

/**
 * Acknowledge, assign, comment and resolve, for users who may change alerts (the page shows none
 * otherwise). The server's refusals (already acknowledged, resolved, an assignee out of reach)
 * come back in words through the API client's notices.
 */
export function AlertActions({ alert }: { alert: AlertDetail }) {
  const { t } = useTranslation('alerts');
  const { t: tc } = useTranslation('common');
  const staff = useStaff();
  const acknowledge = useAcknowledgeAlert();
  const assign = useAssignAlert();
  const comment = useCommentAlert();
  const resolve = useResolveAlert();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [form] = Form.useForm<{ userId?: number; comment?: string }>();
  const resolved = alert.state === 'resolved';

  const close = () => setDialog(null);
  const submit = (v: { userId?: number; comment?: string }) => {
    const text = v.comment?.trim() ?? '';
    if (dialog === 'assign' && v.userId)
      assign.mutate({ id: alert.id, userId: v.userId }, { onSuccess: close });
    if (dialog === 'comment') comment.mutate({ id: alert.id, comment: text }, { onSuccess: close });
    if (dialog === 'resolve') resolve.mutate({ id: alert.id, comment: text || null }, { onSuccess: close });
  };

  return (
    <>
      <Space wrap>
        {alert.state === 'open' && (
          <Button
            type="primary"
            icon={<CheckOutlined />}
            loading={acknowledge.isPending}
            onClick={() => acknowledge.mutate(alert.id)}
            data-testid="alert-acknowledge"
          >
            {t('actions.acknowledge')}
          </Button>
        )}
        {!resolved && staff.allowed && (
          <Button icon={<UserAddOutlined />} onClick={() => setDialog('assign')} data-testid="alert-assign">
            {t('actions.assign')}
          </Button>
        )}
        <Button icon={<CommentOutlined />} onClick={() => setDialog('comment')} data-testid="alert-comment">
          {t('actions.comment')}
        </Button>
        {!resolved && (
          <Button
            icon={<CheckCircleOutlined />}
            onClick={() => setDialog('resolve')}
            data-testid="alert-resolve"
          >
            {t('actions.resolve')}
          </Button>
        )}
      </Space>
      <Modal
        open={dialog !== null}
        title={dialog ? t(`actions.${dialog}Title`) : ''}
        okText={dialog ? t(`actions.${dialog}`) : ''}
        cancelText={tc('actions.cancel')}
        confirmLoading={assign.isPending || comment.isPending || resolve.isPending}
        onOk={() => form.submit()}
        onCancel={close}
        destroyOnHidden
        okButtonProps={{ ...{ 'data-testid': 'alert-dialog-ok' } }}
      >
        <Form
          form={form}
          layout="vertical"
          onFinish={submit}
          preserve={false}
          data-testid="alert-dialog-form"
        >
          {dialog === 'assign' && (
            <Form.Item
              name="userId"
              label={t('actions.assignee')}
              initialValue={alert.assignedTo ?? undefined}
              rules={[{ required: true, message: t('actions.assigneeRequired') }]}
            >
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                loading={staff.isPending}
                options={(staff.data ?? []).map((u) => ({ value: u.id, label: `${u.name} ${u.surname}` }))}
                data-testid="alert-assignee"
              />
            </Form.Item>
          )}
          {dialog !== 'assign' && (
            <Form.Item
              name="comment"
              label={dialog === 'resolve' ? t('actions.resolveComment') : t('actions.commentText')}
              rules={[
                { required: dialog === 'comment', whitespace: true, message: t('actions.commentRequired') },
                { max: 2000 },
              ]}
            >
              <Input.TextArea rows={4} maxLength={2000} showCount data-testid="alert-comment-text" />
            </Form.Item>
          )}
        </Form>
      </Modal>
    </>
  );
}
