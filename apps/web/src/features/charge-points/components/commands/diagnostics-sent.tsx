import { Modal } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { APP_PREFIX } from '../../../../config/app';

/** The diagnostics screen (features/diagnostics), where the uploaded file will appear. */
const DIAGNOSTICS_PATH = `${APP_PREFIX}/logs/diagnostic`;

/** After GetDiagnostics or GetLog went out: tells the user where the file will be. */
export function useDiagnosticsSent() {
  const { t } = useTranslation('diagnostics');
  const [modal, holder] = Modal.useModal();
  const show = (answer: Record<string, unknown>) => {
    // GetDiagnostics.conf names its file `fileName`; GetLog.conf `filename`, with a status.
    const isLog = typeof answer.requestId === 'number';
    const name = isLog ? answer.filename : answer.fileName;
    const fileName = typeof name === 'string' && name !== '' ? name : null;
    const refused = isLog && answer.status === 'Rejected';
    const title = refused
      ? 'sent.logRejectedTitle'
      : isLog
        ? 'sent.logTitle'
        : fileName
          ? 'sent.title'
          : 'sent.noFileTitle';
    const text = refused ? 'sent.logRejected' : fileName || isLog ? 'sent.where' : 'sent.noFile';
    const instance = (refused ? modal.warning : modal.success)({
      title: t(title),
      content: (
        <span data-testid="diagnostics-sent">
          {t(text, { fileName: fileName ?? '' })}{' '}
          <Link to={DIAGNOSTICS_PATH} onClick={() => instance.destroy()}>
            {t('sent.link')}
          </Link>
        </span>
      ),
    });
  };
  return { show, holder };
}
