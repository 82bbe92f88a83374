import { Modal } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { APP_PREFIX } from '../../../../config/app';

/** The diagnostics screen (features/diagnostics), where the uploaded file will appear. */
const DIAGNOSTICS_PATH = `${APP_PREFIX}/logs/diagnostic`;

/** After GetDiagnostics went out: tells the user where the file will be. */
export function useDiagnosticsSent() {
  const { t } = useTranslation('diagnostics');
  const [modal, holder] = Modal.useModal();
  const show = (answer: Record<string, unknown>) => {
    const fileName = typeof answer.fileName === 'string' ? answer.fileName : null;
    const instance = modal.success({
      title: t(fileName ? 'sent.title' : 'sent.noFileTitle'),
      content: (
        <span data-testid="diagnostics-sent">
          {t(fileName ? 'sent.where' : 'sent.noFile', { fileName })}{' '}
          <Link to={DIAGNOSTICS_PATH} onClick={() => instance.destroy()}>
            {t('sent.link')}
          </Link>
        </span>
      ),
    });
  };
  return { show, holder };
}
