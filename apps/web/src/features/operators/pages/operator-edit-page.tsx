import { Result } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { useOperator } from '../api/get-operator';
import { useUpdateOperator } from '../api/update-operator';
import { OperatorForm } from '../components/operator-form';
import { OperatorNotFound } from '../components/operator-not-found';
import { operatorBody } from '../form-values';
import { operatorDetailPath } from '../paths';
import { fieldErrorsOf } from '../server-errors';

export default function OperatorEditPage() {
  const { t } = useTranslation('operators');
  const navigate = useNavigate();
  const id = Number(useParams().operatorId);
  const operator = useOperator(id);
  const update = useUpdateOperator();
  const detail = operatorDetailPath(id);

  if (operator.isPending && operator.fetchStatus !== 'idle') return <PageLoader />;
  if (!operator.data) return <OperatorNotFound />;
  const o = operator.data;
  if (o.archived)
    return <Result status="warning" title={t('edit.archivedTitle')} subTitle={t('edit.archived')} />;

  return (
    <>
      <PageHeader
        title={t('edit.title', { name: o.name })}
        subtitle={o.parentName ?? undefined}
        backTo={detail}
      />
      <OperatorForm
        key={o.updatedAt}
        operator={o}
        submitting={update.isPending}
        fieldErrors={fieldErrorsOf(update.error)}
        onCancel={() => void navigate(detail)}
        onSubmit={(values) => {
          const body = operatorBody(values);
          // A top-level operator keeps its place unless an Admin picks a parent.
          const parentId = o.parentId === null && body.parentId === null ? undefined : body.parentId;
          update.mutate({ ...body, id, parentId }, { onSuccess: () => void navigate(detail) });
        }}
      />
    </>
  );
}
