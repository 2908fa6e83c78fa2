import { useState, type FormEvent } from 'react';
import { profileName } from '#core/users/person-name.ts';
import { formatStamp } from '#web/components/format.ts';
import { useSchoolZone } from '#web/components/school-zone.tsx';
import { ROLE_LABELS } from '#web/lib/session.ts';
import { PanelLink } from '#web/panel/router.tsx';
import type { InboxUser } from './messages-api.ts';

type Props = {
  users: readonly InboxUser[] | null;
  base: string;
  openId: string;
  typing: readonly string[];
  onSearch: (term: string) => void;
  onPick: () => void;
};

/** The school's inbox: one row per person, those with a conversation first, each with its unread badge. */
export function InboxPeople({ users, base, openId, typing, onSearch, onPick }: Props) {
  const [term, setTerm] = useState('');
  const zone = useSchoolZone();
  const when = (iso: string | null) => (iso ? formatStamp(iso, zone) : 'No messages yet');
  function submit(e: FormEvent) {
    e.preventDefault();
    onSearch(term.trim());
  }
  return (
    <nav className="msg-people" aria-label="Conversations">
      <form role="search" className="msg-people-search" onSubmit={submit}>
        <label htmlFor="msg-people-search" className="visually-hidden">
          Search people
        </label>
        <input id="msg-people-search" type="search" placeholder="Search people" value={term} onChange={(e) => setTerm(e.target.value)} />
        <button type="submit" className="btn btn-secondary btn-sm">
          Search
        </button>
      </form>
      {!users ? (
        <p className="muted msg-people-empty" role="status">
          Loading…
        </p>
      ) : users.length === 0 ? (
        <p className="muted msg-people-empty">Nobody found.</p>
      ) : (
        <ul className="msg-people-list">
          {users.map((u) => {
            const name = profileName(u.profile, u.email);
            const open = u._id === openId;
            return (
              <li key={u._id} data-user={u._id}>
                <PanelLink
                  href={`${base}/${encodeURIComponent(u._id)}`}
                  className={open ? 'msg-person msg-person-open' : 'msg-person'}
                  aria-current={open ? 'page' : undefined}
                  onClick={onPick}
                >
                  <span className="msg-person-name">{name}</span>
                  <span className="msg-person-meta">
                    {u.specialId !== u._id ? `${u.specialId} · ` : ''}
                    {ROLE_LABELS[u.role]} · {typing.includes(u._id) ? <em>typing…</em> : when(u.lastMessageAt)}
                  </span>
                  {u.lastMessage && (
                    <span className="msg-person-preview">
                      {u.lastMessage.senderId === u._id ? '' : u.lastMessage.kind === 'broadcast' ? 'Announcement: ' : 'School: '}
                      {u.lastMessage.content}
                    </span>
                  )}
                  {u.unreadCount > 0 && (
                    <span className="msg-unread" data-unread={u.unreadCount}>
                      {u.unreadCount}
                      <span className="visually-hidden"> unread</span>
                    </span>
                  )}
                </PanelLink>
              </li>
            );
          })}
        </ul>
      )}
    </nav>
  );
}
