import { PanelLink } from '#web/panel/router.tsx';
import { ActionsCell, DataTable, DeleteButton, SelectAll, SelectRow, TableHead } from './list-kit.tsx';
import { toggleOn, type Item, type ResourceConfig, type ToggleDef } from './types.ts';
import { StoredImage } from './stored-image.tsx';

type Props = {
  config: ResourceConfig;
  base: string;
  items: readonly Item[];
  busy: boolean;
  busyRow: string;
  selected: readonly string[];
  onSelect: (ids: string[]) => void;
  onToggle: (item: Item, t: ToggleDef) => void;
  onDelete: (item: Item) => void;
};

export function ResourceTable({ config, base, items, busy, busyRow, selected, onSelect, onToggle, onDelete }: Props) {
  const selectable = !!config.bulkDelete;
  const toggles = config.toggles ?? [];
  return (
    <DataTable id={config.key} caption={config.title} busy={busy} className="data-table resource-table">
      <TableHead
        lead={selectable && <SelectAll items={items} selected={selected} onSelect={onSelect} />}
        columns={[config.nameLabel ?? 'Name', ...config.columns.map((c) => c.label), ...(toggles.length > 0 ? ['Status'] : [])]}
        actions
      />
      <tbody>
        {items.map((item) => {
          const name = config.nameOf(item);
          const thumb = config.thumbnail?.(item);
          return (
            <tr key={item._id} data-id={item._id} data-name={name} aria-selected={selectable ? selected.includes(item._id) : undefined}>
              {selectable && <SelectRow id={item._id} label={`Select ${name}`} selected={selected} onSelect={onSelect} />}
              <th scope="row">
                <div className="cell-name">
                  {thumb !== undefined && (
                    <span className="thumb">
                      {thumb ? <StoredImage src={thumb} width={48} height={48} loading="lazy" decoding="async" /> : null}
                    </span>
                  )}
                  <PanelLink href={`${base}/${encodeURIComponent(item._id)}`}>{name}</PanelLink>
                </div>
              </th>
              {config.columns.map((c) => (
                <td key={c.label} data-label={c.label} className={c.className}>
                  {c.render(item)}
                </td>
              ))}
              {toggles.length > 0 && (
                <td data-label="Status">
                  <div className="switches">
                    {toggles.map((t) => {
                      const on = toggleOn(t, item);
                      return (
                        <button
                          key={t.field}
                          type="button"
                          role="switch"
                          aria-checked={on}
                          className="switch"
                          title={t.action(on)}
                          disabled={busyRow === item._id}
                          onClick={() => onToggle(item, t)}
                          aria-label={`${t.on}: ${name}`}
                        >
                          <span className="switch-track" aria-hidden="true">
                            <span className="switch-thumb" />
                          </span>
                          <span className="switch-text">{on ? t.on : t.off}</span>
                        </button>
                      );
                    })}
                  </div>
                </td>
              )}
              <ActionsCell>
                <PanelLink
                  className="btn btn-secondary btn-sm"
                  href={`${base}/${encodeURIComponent(item._id)}`}
                  aria-label={`Edit ${name}`}
                >
                  Edit
                </PanelLink>
                <DeleteButton what={name} onClick={() => onDelete(item)} />
              </ActionsCell>
            </tr>
          );
        })}
      </tbody>
    </DataTable>
  );
}
