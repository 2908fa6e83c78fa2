import { useState, type FormEvent } from 'react';
import { PanelLink } from '#web/panel/router.tsx';
import { DataTable, ListFilters, ListMessages, ListResults, ListScreen, SearchField, TableHead } from '#web/panel/resource/list-kit.tsx';
import { useList } from '#web/panel/resource/use-list.ts';
import type { PanelScreenProps } from '#web/panel/screen-props.ts';
import { readFamilies, type FamiliesQuery } from '#web/panel/users/family-api.ts';
import { PersonLine, UnlinkDialog, type Unlinking } from '#web/panel/users/family-people.tsx';
import { LinkChildForm } from '#web/panel/users/link-child-form.tsx';

/** Every family (children who share guardians): search, open a person, link a child to a guardian, unlink one. */
export default function FamiliesScreen({ panel }: PanelScreenProps) {
  const [query, setQuery] = useState<FamiliesQuery>({ page: 1, search: '' });
  const list = useList({ query, setQuery, read: readFamilies, empty: { items: [] } });
  const [unlinking, setUnlinking] = useState<Unlinking | null>(null);
  const userHref = (id: string) => `${panel.base}/users/${encodeURIComponent(id)}`;

  function onSearch(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    list.narrow({ search: String(new FormData(e.currentTarget).get('search') ?? '').trim() });
  }
  return (
    <ListScreen list={list} className="admin-families">
      <h1>Families</h1>
      <p className="lead">Guardians and the children they manage: bookings, payments, waivers and messages of a child go through them.</p>
      <ListMessages list={list} />
      <LinkChildForm onLinked={list.done} />
      <ListFilters label="Find families" onSubmit={onSearch}>
        <SearchField id="families-search" label="Search by name, e-mail or student ID" defaultValue={query.search} maxLength={200} />
      </ListFilters>
      <ListResults list={list} noun="families" singular="family" filtered={!!query.search}>
        <DataTable id="families" caption="Families" busy={list.loading}>
          <TableHead columns={['Guardians', 'Children']} />
          <tbody>
            {list.items.map((f) => (
              <tr key={f._id} data-id={f._id}>
                <th scope="row">
                  <ul className="family-people">
                    {f.guardians.map((g) => (
                      <li key={g._id}>
                        <PanelLink href={userHref(g._id)}>{g.name}</PanelLink>
                        {g.email && <span className="cell-note">{g.email}</span>}
                      </li>
                    ))}
                  </ul>
                </th>
                <td data-label="Children">
                  <ul className="family-people">
                    {f.children.map((c) => (
                      <li key={c._id}>
                        <PersonLine href={userHref(c._id)} person={c} />
                        <span className="row-actions">
                          {f.guardians.map((g) => (
                            <button
                              key={g._id}
                              type="button"
                              className="btn btn-secondary btn-sm"
                              onClick={() => setUnlinking({ guardian: g, child: c })}
                            >
                              Unlink{f.guardians.length > 1 ? ` from ${g.name}` : ''}
                              <span className="visually-hidden">
                                {' '}
                                {c.name}
                                {f.guardians.length > 1 ? '' : ` from ${g.name}`}
                              </span>
                            </button>
                          ))}
                        </span>
                      </li>
                    ))}
                  </ul>
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      </ListResults>
      {unlinking && <UnlinkDialog unlinking={unlinking} onClose={() => setUnlinking(null)} onUnlinked={list.done} />}
    </ListScreen>
  );
}
