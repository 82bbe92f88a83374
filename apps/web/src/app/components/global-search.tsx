import { Button, Empty, Input, Modal, Spin, Typography, theme } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useEffect, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SEARCH_KINDS, type SearchHit } from '@voltline/contract';
import { useGlobalSearch } from '../../api/search';
import { hitPath } from './search-paths';

/** Typing in a field keeps "/" for the field; Ctrl+K (⌘K) opens the search from anywhere. */
function typingIn(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return !!el && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName));
}

function useDebounced(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * The header's search (issue #34): charge points, drivers, cards, users, sessions and operators by
 * id, name, e-mail, card number or transaction id, grouped by kind; arrows move, Enter opens.
 */
export function GlobalSearch({ color }: { color?: string }) {
  const { t } = useTranslation('common');
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [cursor, setCursor] = useState(0);
  const q = useDebounced(text.trim(), 250);
  const search = useGlobalSearch(q);
  const hits: SearchHit[] =
    q.length >= 2 ? SEARCH_KINDS.flatMap((k) => (search.data?.hits ?? []).filter((h) => h.kind === k)) : [];

  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      const ctrlK = (e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'k';
      if (ctrlK || (e.key === '/' && !typingIn(e.target))) {
        e.preventDefault();
        setOpen(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  useEffect(() => setCursor(0), [q]);

  const close = () => {
    setOpen(false);
    setText('');
  };
  const go = (hit: SearchHit | undefined) => {
    if (!hit) return;
    close();
    void navigate(hitPath(hit));
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown') setCursor((c) => Math.min(c + 1, Math.max(hits.length - 1, 0)));
    else if (e.key === 'ArrowUp') setCursor((c) => Math.max(c - 1, 0));
    else if (e.key === 'Enter') go(hits[cursor]);
    else return;
    e.preventDefault();
  };

  return (
    <>
      <Button
        type="text"
        icon={<SearchOutlined />}
        style={{ color }}
        onClick={() => setOpen(true)}
        aria-keyshortcuts="Control+K /"
        data-testid="global-search-open"
      >
        {t('search.placeholder')}
      </Button>
      <Modal
        open={open}
        onCancel={close}
        footer={null}
        closable={false}
        title={null}
        destroyOnHidden
        width={640}
        styles={{ body: { padding: 0 } }}
      >
        <Input
          autoFocus
          size="large"
          prefix={<SearchOutlined />}
          placeholder={t('search.hint')}
          aria-label={t('search.open')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          role="combobox"
          aria-expanded={hits.length > 0}
          aria-controls="global-search-results"
          aria-activedescendant={hits[cursor] ? `global-search-${cursor}` : undefined}
          data-testid="global-search-input"
        />
        <div style={{ maxHeight: 420, overflowY: 'auto', marginTop: 8 }}>
          {q.length < 2 ? (
            <Typography.Text type="secondary">{t('search.tooShort')}</Typography.Text>
          ) : search.isPending ? (
            <Spin />
          ) : hits.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('search.none')} />
          ) : (
            <ul
              id="global-search-results"
              role="listbox"
              style={{ listStyle: 'none', margin: 0, padding: 0 }}
            >
              {hits.map((hit, i) => {
                const first = i === 0 || hits[i - 1]?.kind !== hit.kind;
                return (
                  <li key={`${hit.kind}-${hit.id}`} role="presentation">
                    {first && (
                      <Typography.Text
                        type="secondary"
                        strong
                        style={{ display: 'block', margin: '8px 8px 4px' }}
                      >
                        {t(`search.kinds.${hit.kind}`)}
                      </Typography.Text>
                    )}
                    <div
                      id={`global-search-${i}`}
                      role="option"
                      aria-selected={i === cursor}
                      data-testid="global-search-hit"
                      onMouseEnter={() => setCursor(i)}
                      onClick={() => go(hit)}
                      style={{
                        cursor: 'pointer',
                        padding: '6px 8px',
                        borderRadius: token.borderRadius,
                        background: i === cursor ? token.controlItemBgActive : undefined,
                      }}
                    >
                      <div>{hit.title}</div>
                      {hit.detail && (
                        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                          {hit.detail}
                        </Typography.Text>
                      )}
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      </Modal>
    </>
  );
}
