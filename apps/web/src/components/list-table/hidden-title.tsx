import { useTranslation } from 'react-i18next';

/**
 * A column header read out by screen readers but not shown: the expand-arrow and row-action columns
 * have no visible title, and an empty header leaves a screen reader user without a name for them.
 */
export function HiddenTitle({ name }: { name: 'details' | 'actions' | 'select' }) {
  const { t } = useTranslation('common');
  return <span className="visually-hidden">{t(`common.${name}`)}</span>;
}
