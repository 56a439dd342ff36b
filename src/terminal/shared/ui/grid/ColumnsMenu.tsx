import { t } from '@lingui/core/macro';
import { memo } from 'react';
import { useLocale } from '../../i18n/i18n';
import type { TableLayout } from './layout';
import { moveColumn } from './layout';
import './columnsMenu.css';

interface ColumnsMenuProps {
  label: string;
  columns: readonly { id: string; title: string; hideable?: boolean }[];
  layout: TableLayout;
  onChange: (layout: TableLayout) => void;
  onReset: () => void;
}

/**
 * Show, hide and reorder columns without a mouse, and put the table back as it came. Dragging a
 * header does the same reordering for those who have one. Memoised: its grid renders on every
 * poll, and its inputs change only with the layout or the language.
 */
export const ColumnsMenu = memo(function ColumnsMenu({ label, columns, layout, onChange, onReset }: ColumnsMenuProps) {
  useLocale();
  const byId = new Map(columns.map((column) => [column.id, column]));
  const hidden = new Set(layout.hidden);
  return (
    <details className="menu">
      <summary className="button button--ghost" aria-label={t`Columns of ${label}`}>
        {t({ message: 'Columns', context: 'table columns menu' })}
      </summary>
      <div className="menu__panel" role="group" aria-label={t`Columns of ${label}`}>
        <ul className="menu__list">
          {layout.order.map((id, index) => {
            const column = byId.get(id);
            if (!column) return null;
            const title = column.title || id;
            return (
              <li key={id} className="menu__item">
                <label>
                  <input
                    type="checkbox"
                    checked={!hidden.has(id)}
                    disabled={column.hideable === false}
                    onChange={(event) =>
                      onChange({
                        ...layout,
                        hidden: event.target.checked ? layout.hidden.filter((item) => item !== id) : [...layout.hidden, id],
                      })
                    }
                  />
                  {title}
                </label>
                <span className="menu__moves">
                  <button
                    type="button"
                    className="button button--icon"
                    aria-label={t`Move ${title} left`}
                    disabled={index === 0}
                    onClick={() => onChange({ ...layout, order: moveColumn(layout.order, id, -1) })}
                  >
                    ←
                  </button>
                  <button
                    type="button"
                    className="button button--icon"
                    aria-label={t`Move ${title} right`}
                    disabled={index === layout.order.length - 1}
                    onClick={() => onChange({ ...layout, order: moveColumn(layout.order, id, 1) })}
                  >
                    →
                  </button>
                </span>
              </li>
            );
          })}
        </ul>
        <button type="button" className="button" onClick={onReset}>
          {t`Reset layout`}
        </button>
      </div>
    </details>
  );
});
