/** Marks a section whose content is a placeholder until the school publishes its own. */
export function SampleNote({ children }: { children: string }) {
  return (
    <p className="sample-note">
      <span className="badge badge-sample">Sample content</span> <span className="muted">{children}</span>
    </p>
  );
}
