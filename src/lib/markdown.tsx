// A small, safe Markdown subset for the operator's terms and privacy policy: headings (#, ##, ###),
// paragraphs, "- " and "1. " lists, **bold** and [links](https://…, mailto:, tel:). It builds React
// elements, never HTML strings: any markup in the text is shown as text, and a link to any other
// scheme (javascript:, data:) stays plain text.
import { Fragment, type ReactNode } from 'react';

const SAFE_HREF = /^(https:\/\/|mailto:|tel:)[^\s]*$/i;
const INLINE = /\*\*([^*]+)\*\*|\[([^\]]+)\]\(([^)\s]+)\)/g;

function inline(text: string, key: string): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  let n = 0;
  for (const m of text.matchAll(INLINE)) {
    if (m.index > last) out.push(text.slice(last, m.index));
    const k = `${key}-${n++}`;
    if (m[1] !== undefined) out.push(<strong key={k}>{m[1]}</strong>);
    else if (SAFE_HREF.test(m[3] ?? '')) {
      const external = m[3]?.startsWith('https://');
      out.push(
        <a key={k} href={m[3]} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
          {m[2]}
        </a>,
      );
    } else out.push(m[0]);
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

type Block =
  | { kind: 'h'; level: 1 | 2 | 3; text: string }
  | { kind: 'p'; text: string }
  | { kind: 'ul' | 'ol'; items: string[] };

export function parseBlocks(source: string): Block[] {
  const blocks: Block[] = [];
  let current = null as Block | null;
  const flush = () => {
    if (current) blocks.push(current);
    current = null;
  };
  for (const raw of source.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trimEnd();
    const heading = /^(#{1,3})\s+(.*)$/.exec(line);
    const bullet = /^\s*[-*]\s+(.*)$/.exec(line);
    const numbered = /^\s*\d+[.)]\s+(.*)$/.exec(line);
    if (!line.trim()) flush();
    else if (heading) {
      flush();
      blocks.push({ kind: 'h', level: heading[1]?.length as 1 | 2 | 3, text: heading[2] ?? '' });
    } else if (bullet || numbered) {
      const kind = bullet ? 'ul' : 'ol';
      const text = (bullet ?? numbered)?.[1] ?? '';
      if (current?.kind !== kind) {
        flush();
        current = { kind, items: [] };
      }
      (current as { items: string[] }).items.push(text);
    } else if (current && current.kind !== 'p' && /^\s+/.test(raw)) {
      // An indented line continues the list item above it.
      const items = (current as { items: string[] }).items;
      items[items.length - 1] += ` ${line.trim()}`;
    } else if (current?.kind === 'p') current.text += ` ${line.trim()}`;
    else {
      flush();
      current = { kind: 'p', text: line.trim() };
    }
  }
  flush();
  return blocks;
}

/** The document as React elements; `idPrefix` keeps heading ids unique on the page. */
export function Markdown({ source }: { source: string }) {
  return (
    <>
      {parseBlocks(source).map((b, i) => {
        const key = `b${i}`;
        if (b.kind === 'h') {
          const H = `h${b.level}` as 'h1' | 'h2' | 'h3';
          return <H key={key}>{inline(b.text, key)}</H>;
        }
        if (b.kind === 'p') return <p key={key}>{inline(b.text, key)}</p>;
        const L = b.kind;
        return (
          <L key={key}>
            {b.items.map((item, j) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a static document's items never reorder
              <li key={j}>
                <Fragment>{inline(item, `${key}-${j}`)}</Fragment>
              </li>
            ))}
          </L>
        );
      })}
    </>
  );
}
