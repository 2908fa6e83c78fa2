import { useState } from 'react';
import { profileName } from '#core/users/person-name.ts';
import { searchTermProblem } from '#core/users/user-messages.ts';
import { DataTable, ListFilters, ListMessages, ListResults, ListScreen, SearchField, TableHead } from '#web/panel/resource/list-kit.tsx';
import { useList } from '#web/panel/resource/use-list.ts';
import { useSearchTerm } from '#web/panel/resource/use-search-term.ts';
import { PanelLink } from '#web/panel/router.tsx';
import type { PanelScreenProps } from '#web/panel/screen-props.ts';
import { loginIdOf } from '#web/panel/admin-user.ts';
import { MemberRanks } from './member-ranks.tsx';
import { readMembers, type MembersQuery } from './promotions-api.ts';
import { RankImport } from './rank-import.tsx';

/** Find a member at `<base>`, their rank history at `<base>/<userId>`, import history at `<base>/import`. */
export default function PromotionsScreen({ base, path }: PanelScreenProps) {
  const [query, setQuery] = useState<MembersQuery>({ page: 1, search: '' });
  const [sub] = path;
  if (sub === 'import') return <RankImport base={base} />;
  if (sub) return <MemberRanks base={base} userId={decodeURIComponent(sub)} />;
  return <MemberSearch base={base} query={query} setQuery={setQuery} />;
}

function MemberSearch({ base, query, setQuery }: { base: string; query: MembersQuery; setQuery: (q: MembersQuery) => void }) {
  const list = useList({ query, setQuery, read: readMembers, empty: { items: [] } });
  const search = useSearchTerm(searchTermProblem);
  return (
    <ListScreen list={list} className="admin-promotions">
      <div className="screen-head">
        <h1>Promotions</h1>
        <PanelLink href={`${base}/import`} className="btn btn-secondary">
          Import rank history
        </PanelLink>
      </div>
      <p className="lead">
        Find a member to see their rank history, promote them, add a stripe, correct a wrong award or credit classes they trained before the
        school used this system.
      </p>
      <ListMessages list={list} />
      <ListFilters
        label="Find a member"
        onSubmit={(e) => {
          const term = search.read(e);
          if (term !== null) list.narrow({ search: term });
        }}
      >
        <SearchField
          id="promotions-search"
          label="Name, e-mail or ID"
          defaultValue={query.search}
          inputRef={search.inputRef}
          error={search.error}
          maxLength={100}
        />
      </ListFilters>
      {query.search && (
        <ListResults list={list} noun="people" singular="person" filtered>
          <DataTable id="promotion-members" caption="People found" busy={list.loading}>
            <TableHead columns={['Name', 'E-mail', 'ID', 'Role']} />
            <tbody>
              {list.items.map((u) => (
                <tr key={u._id} data-id={u._id}>
                  <th scope="row" data-label="Name">
                    <PanelLink href={`${base}/${encodeURIComponent(u._id)}`}>{profileName(u.profile, u.email)}</PanelLink>
                  </th>
                  <td data-label="E-mail">{u.email}</td>
                  <td data-label="ID" className="cell-code">
                    {loginIdOf(u) || '—'}
                  </td>
                  <td data-label="Role">{u.role}</td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        </ListResults>
      )}
    </ListScreen>
  );
}
