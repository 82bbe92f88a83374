import { useState } from 'react';
import { Alert, Button, Card, Flex, Segmented, Space } from 'antd';
import { LinkOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ROAMING_PARTNER_STATES, type RoamingInvitation, type RoamingPartnerState } from '@voltline/contract';
import { PageHeader } from '../../../components/page-header';
import { usePermissions } from '../../../hooks/use-permission';
import { notices } from '../../../lib/notices';
import { usePartners } from '../api/get-partners';
import { IdentityCard } from '../components/identity-card';
import { InvitationModal } from '../components/invitation-modal';
import { InviteModal } from '../components/invite-modal';
import { PartnerDrawer } from '../components/partner-drawer';
import { PartnerTable } from '../components/partner-table';
import { RegisterModal } from '../components/register-modal';
import { roamingActions } from '../partner-words';

type StateFilter = RoamingPartnerState | 'all';

/** Integrations › Roaming: Voltline's OCPI party and the partners its operators roam with. */
export default function RoamingPage() {
  const { t } = useTranslation('roaming');
  const can = roamingActions(usePermissions());
  const partners = usePartners();
  const [state, setState] = useState<StateFilter>('all');
  const [inviting, setInviting] = useState(false);
  const [registering, setRegistering] = useState(false);
  const [invitation, setInvitation] = useState<RoamingInvitation | null>(null);
  const [openId, setOpenId] = useState<number | null>(null);
  const shown = state === 'all' ? partners.data : partners.data?.filter((p) => p.state === state);

  return (
    <>
      <PageHeader
        title={t('list.title')}
        subtitle={t('list.subtitle')}
        extra={
          (can.invite || can.register) && (
            <Space wrap>
              {can.register && (
                <Button
                  icon={<LinkOutlined />}
                  onClick={() => setRegistering(true)}
                  data-testid="roaming-register"
                >
                  {t('register.open')}
                </Button>
              )}
              {can.invite && (
                <Button
                  type="primary"
                  icon={<PlusOutlined />}
                  onClick={() => setInviting(true)}
                  data-testid="roaming-invite"
                >
                  {t('invite.open')}
                </Button>
              )}
            </Space>
          )
        }
      />
      <IdentityCard />
      <Card styles={{ body: { padding: 0 } }} aria-label={t('list.partners')}>
        <Flex justify="space-between" align="center" wrap gap={12} style={{ padding: 16 }}>
          <strong>{t('list.partners')}</strong>
          <Segmented<StateFilter>
            value={state}
            onChange={setState}
            aria-label={t('list.filterByState')}
            options={[
              { value: 'all', label: t('list.allStates') },
              ...ROAMING_PARTNER_STATES.map((s) => ({ value: s, label: t(`state.${s}`) })),
            ]}
          />
        </Flex>
        {partners.isError ? (
          <Alert
            type="error"
            showIcon
            title={t('list.failed')}
            style={{ margin: 16 }}
            action={
              <Button size="small" onClick={() => void partners.refetch()}>
                {t('list.retry')}
              </Button>
            }
          />
        ) : (
          <PartnerTable partners={shown} loading={partners.isLoading} onOpen={(p) => setOpenId(p.id)} />
        )}
      </Card>
      <InviteModal
        open={inviting}
        onClose={() => setInviting(false)}
        onInvited={(made) => {
          setInviting(false);
          setInvitation(made);
        }}
      />
      <InvitationModal invitation={invitation} onClose={() => setInvitation(null)} />
      <RegisterModal
        open={registering}
        onClose={() => setRegistering(false)}
        onRegistered={(partner) => {
          setRegistering(false);
          notices.success(t('register.done', { name: partner.name }));
        }}
      />
      <PartnerDrawer partnerId={openId} canWrite={can.edit} onClose={() => setOpenId(null)} />
    </>
  );
}
