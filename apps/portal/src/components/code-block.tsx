import { useId } from 'react';
import { CopyButton } from './copy-button';

export function CodeBlock({ title, code }: { title: string; code: string }) {
  const id = useId();
  return (
    <section className="code-block" aria-labelledby={id}>
      <div className="page-head">
        <h3 id={id}>{title}</h3>
        <div className="actions">
          <CopyButton text={code} label={`Copy ${title}`} />
        </div>
      </div>
      <pre tabIndex={0} aria-labelledby={id}>
        <code>{code}</code>
      </pre>
    </section>
  );
}
