import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { useCreateOperator } from '../api/create-operator';
import { OperatorForm } from '../components/operator-form';
import { operatorBody } from '../form-values';
import { OPERATORS_PATH, operatorDetailPath } from '../paths';
import { fieldErrorsOf } from '../server-errors';

export default function OperatorAddPage() {
  const { t } = useTranslation('operators');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const create = useCreateOperator();
  const parentId = Number(params.get('parentId')) || undefined;

  return (
    <>
      <PageHeader title={t('add.title')} subtitle={t('add.subtitle')} backTo={OPERATORS_PATH} />
      <OperatorForm
        defaultParentId={parentId}
        submitting={create.isPending}
        fieldErrors={fieldErrorsOf(create.error)}
        onCancel={() => void navigate(OPERATORS_PATH)}
        onSubmit={(values) => {
          const { merchant, ...body } = operatorBody(values);
          if (!merchant) return;
          create.mutate(
            { ...body, merchant },
            { onSuccess: (operator) => void navigate(operatorDetailPath(operator.id)) },
          );
        }}
      />
    </>
  );
}
