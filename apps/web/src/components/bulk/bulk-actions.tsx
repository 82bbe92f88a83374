import { Form, Modal, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { BulkResult } from '@voltline/contract';
import { BulkBar } from './bulk-bar';
import { BulkResults } from './bulk-results';
import type { BulkSelectionOf, BulkSelectionState } from './use-bulk-selection';

/** One action of a list's bulk menu. */
export interface BulkAction<A extends string> {
  key: A;
  label: string;
  danger?: boolean;
  /** Done at once, without confirmation or results (an export). */
  now?: boolean;
}

/**
 * A list's bulk actions: the bar, one confirmation (with the action's own fields, if any) and the
 * table of what became of each row. Each list says which actions it offers, which fields one asks
 * for and how it is sent; the words come from the list's namespace (`bulk.confirm`,
 * `bulk.confirmText`, under another `prefix` where a namespace has two lists).
 */
export function BulkActions<F, A extends string>({
  ns,
  prefix = 'bulk',
  state,
  actions,
  fields,
  run,
  onNow,
  pending,
}: {
  ns: string;
  prefix?: string;
  state: BulkSelectionState<F>;
  actions: BulkAction<A>[];
  /** The fields an action asks for before it runs; null when it asks for none. */
  fields?: (action: A) => ReactNode;
  run: (action: A, selection: BulkSelectionOf<F>, values: Record<string, unknown>) => Promise<BulkResult>;
  onNow?: (action: A, selection: BulkSelectionOf<F>) => void;
  pending: boolean;
}) {
  const { t } = useTranslation(ns);
  const [form] = Form.useForm<Record<string, unknown>>();
  const [action, setAction] = useState<BulkAction<A> | null>(null);
  const [result, setResult] = useState<{ title: string; data: BulkResult } | null>(null);
  const asked = action && fields ? fields(action.key) : null;

  const confirm = async () => {
    const sel = state.selection;
    if (!sel || !action) return;
    const values = asked ? await form.validateFields() : {};
    const data = await run(action.key, sel, values);
    setResult({ title: action.label, data });
    setAction(null);
    state.clear();
  };

  return (
    <>
      <BulkBar
        count={state.count}
        all={state.all}
        total={state.total}
        pageFull={state.pageFull}
        onSelectAll={state.selectAll}
        onClear={state.clear}
        actions={actions}
        onAction={(key) => {
          const picked = actions.find((a) => a.key === key);
          if (!picked) return;
          if (picked.now) {
            if (state.selection) onNow?.(picked.key, state.selection);
            return;
          }
          form.resetFields();
          setAction(picked);
        }}
      />
      <Modal
        open={action !== null}
        title={action?.label ?? ''}
        okText={t(`${prefix}.confirm`, { count: state.count })}
        okButtonProps={{ danger: action?.danger, ...{ 'data-testid': 'bulk-confirm' } }}
        confirmLoading={pending}
        onOk={() => void confirm().catch(() => undefined)}
        onCancel={() => setAction(null)}
        destroyOnHidden
      >
        <Typography.Paragraph>{t(`${prefix}.confirmText`, { count: state.count })}</Typography.Paragraph>
        {asked && (
          <Form form={form} layout="vertical" preserve={false}>
            {asked}
          </Form>
        )}
      </Modal>
      <BulkResults
        title={result?.title ?? ''}
        result={result?.data ?? null}
        onClose={() => setResult(null)}
      />
    </>
  );
}
