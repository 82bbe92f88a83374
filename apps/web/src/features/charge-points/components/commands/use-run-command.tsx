import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CommandBody, CommandName } from '@voltline/contract';
import { sendCommand, type CommandAnswer } from '../../api/send-command';
import { sendRemoteStart } from '../../api/remote-start';
import { useQueryClient } from '@tanstack/react-query';
import { chargePointKeys } from '../../api/keys';
import { useAnswerStore } from './answer-store';

export interface RunOptions {
  /** Asked first when the command interrupts charging or the charger's work. */
  confirm?: { title: string; content: string; danger?: boolean };
}

/**
 * Sends a command, optionally after a confirmation, and records the charger's answer for the
 * answer banner. Errors (409: not connected, no answer in time...) are shown by the API client;
 * `run` swallows them, `send` rethrows them for dialogs that put field errors under their fields.
 */
export function useRunCommand(chargePointId: string) {
  const { t: tc } = useTranslation('common');
  const { t } = useTranslation('chargePoints');
  const [modal, holder] = Modal.useModal();
  const record = useAnswerStore((s) => s.record);
  const queryClient = useQueryClient();

  async function send<C extends CommandName>(command: C, body: CommandBody<C>, label: string) {
    try {
      if (command === 'startTransaction') {
        // A remote start is followed past the charger's Accepted to what became of it.
        const { answer, commandId } = await sendRemoteStart(body as CommandBody<'startTransaction'>);
        record(chargePointId, { label, command, answer, failed: false, at: Date.now(), followId: commandId });
        return answer;
      }
      const answer: CommandAnswer = await sendCommand(command, body);
      record(chargePointId, { label, command, answer, failed: false, at: Date.now() });
      return answer;
    } catch (error) {
      record(chargePointId, { label, command, failed: true, at: Date.now() });
      throw error;
    } finally {
      void queryClient.invalidateQueries({ queryKey: chargePointKeys.all });
    }
  }

  function run<C extends CommandName>(
    command: C,
    body: CommandBody<C>,
    label: string,
    options: RunOptions = {},
  ): Promise<CommandAnswer | undefined> {
    if (!options.confirm) return send(command, body, label).catch(() => undefined);
    const { title, content, danger } = options.confirm;
    return new Promise((resolve) => {
      void modal.confirm({
        title,
        content,
        okText: t('commands.send'),
        okButtonProps: { danger },
        cancelText: tc('actions.cancel'),
        onOk: () =>
          send(command, body, label).then(
            (answer) => resolve(answer),
            () => resolve(undefined),
          ),
        onCancel: () => resolve(undefined),
      });
    });
  }

  return { run, send, holder };
}
