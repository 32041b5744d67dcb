import { useId } from 'react';
import { CopyButton } from './copy-button';

/** What a block holds, for its copy button's words: "Copy command", "Copy snippet", "Copy link". */
export type CodeKind = 'command' | 'snippet' | 'link';

export function CodeBlock({
  title,
  code,
  kind = 'snippet',
}: {
  title: string;
  code: string;
  kind?: CodeKind;
}) {
  const id = useId();
  return (
    <section className="code-block" aria-labelledby={id}>
      <div className="page-head">
        <h3 id={id}>{title}</h3>
        <div className="actions">
          {/* The heading names the block; the button says what it copies, and the heading describes it. */}
          <CopyButton text={code} label={`Copy ${kind}`} describedBy={id} />
        </div>
      </div>
      <pre tabIndex={0} aria-labelledby={id}>
        <code>{code}</code>
      </pre>
    </section>
  );
}
