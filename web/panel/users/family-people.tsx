import { PanelLink } from '#web/panel/router.tsx';
import { ConfirmDialog } from '#web/panel/resource/confirm-dialog.tsx';
import { unlinkChild } from './family-api.ts';

type Person = { name: string; studentId: string | null; age: number | null; relationship?: string };

/** A family member as staff see them: their user page, then relationship (where known), student ID and age. */
export function PersonLine({ href, person: p }: { href: string; person: Person }) {
  return (
    <>
      <PanelLink href={href}>{p.name}</PanelLink>{' '}
      <span className="muted">{[p.relationship, p.studentId, p.age !== null ? `${p.age} years` : ''].filter(Boolean).join(' · ')}</span>
    </>
  );
}

export type Unlinking = { guardian: { _id: string; name: string }; child: { _id: string; name: string } };

/** Asks before a child is unlinked from a guardian; closes, then reports the server's words. */
export function UnlinkDialog({
  unlinking,
  onClose,
  onUnlinked,
}: {
  unlinking: Unlinking;
  onClose: () => void;
  onUnlinked: (message: string) => void;
}) {
  const { guardian, child } = unlinking;
  return (
    <ConfirmDialog
      title={`Unlink ${child.name} from ${guardian.name}?`}
      confirmLabel="Unlink"
      busyLabel="Unlinking…"
      onClose={onClose}
      onConfirm={async () => {
        const message = await unlinkChild(guardian._id, child._id);
        onClose();
        onUnlinked(message);
      }}
    >
      <p>{guardian.name} will no longer book, pay or sign for this child, nor read their messages.</p>
    </ConfirmDialog>
  );
}
