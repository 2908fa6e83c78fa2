/** Plain text as typed by an admin, turned into blocks: `#` headings, `-` bullet lists, paragraphs. Never HTML. */
export type TextBlock = { kind: 'heading'; text: string } | { kind: 'list'; items: string[] } | { kind: 'paragraph'; lines: string[] };

const HEADING = /^#{1,6}\s+(.*)$/;
const BULLET = /^\s*[-*•]\s+(.*)$/;

export function textBlocks(text: string): TextBlock[] {
  const blocks: TextBlock[] = [];
  for (const chunk of text.replace(/\r\n?/g, '\n').split(/\n\s*\n/)) {
    let para: string[] = [];
    let list: string[] = [];
    const flush = () => {
      if (para.length) blocks.push({ kind: 'paragraph', lines: para });
      if (list.length) blocks.push({ kind: 'list', items: list });
      para = [];
      list = [];
    };
    for (const raw of chunk.split('\n')) {
      const line = raw.trim();
      if (!line) continue;
      const heading = HEADING.exec(line);
      const bullet = BULLET.exec(raw);
      if (heading?.[1]) {
        flush();
        blocks.push({ kind: 'heading', text: heading[1] });
      } else if (bullet?.[1]) {
        if (para.length) flush();
        list.push(bullet[1].trim());
      } else {
        if (list.length) flush();
        para.push(line);
      }
    }
    flush();
  }
  return blocks;
}

/** Renders the blocks; every piece of text is a React text node, so it is escaped. */
export function TextBlocks({ text }: { text: string }) {
  return (
    <>
      {textBlocks(text).map((b, i) => {
        if (b.kind === 'heading') return <h2 key={i}>{b.text}</h2>;
        if (b.kind === 'list')
          return (
            <ul key={i}>
              {b.items.map((item, j) => (
                <li key={j}>{item}</li>
              ))}
            </ul>
          );
        return (
          <p key={i}>
            {b.lines.map((line, j) => (
              <span key={j}>
                {j > 0 && <br />}
                {line}
              </span>
            ))}
          </p>
        );
      })}
    </>
  );
}
